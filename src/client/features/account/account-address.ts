/**
 * What an address asks of the account: `?action=login` opens the login panel (where the server's guard sends a guest
 * who opened an account page), `?loginToken` signs an admin in as a customer (shop-as).
 */
export function accountAddress(search: string): { action: string | null; loginToken: string | null } {
  const params = new URLSearchParams(search);
  return { action: params.get('action'), loginToken: params.get('loginToken') };
}

/** Whether the address opens the account at once, so its code and the client it waits for are wanted now. */
export function opensAccountAtOnce(search: string): boolean {
  const { action, loginToken } = accountAddress(search);
  return action === 'login' || loginToken !== null;
}
