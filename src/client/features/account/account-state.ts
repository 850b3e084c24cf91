import { proxy } from 'valtio';
import { hasToken } from '../../lib/auth-token';

/**
 * Whether this tab acts for a signed-in customer: true while it holds a token. The server render knows nothing
 * of it (the shell is the same for everyone), so it is read from the cookie after hydration.
 */
export const account = proxy({
  signedIn: false,
  /** An admin is shopping as the customer through a one-time link. */
  shopAs: false,
  /** The cookie was read: until then the account button cannot know where it leads. */
  known: false,
});

export function readSignedIn(): void {
  account.signedIn = hasToken();
  account.known = true;
}
