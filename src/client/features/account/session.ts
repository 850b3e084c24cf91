import { reportCustomerEvent } from '../analytics';
import type { ApolloClient } from '@apollo/client';
import { AUTH_PATHS, REFRESH_FACTOR_MS, type AuthSuccess } from '../../../shared/auth';
import { channels, type LanguageId } from '../../../shared/locales';
import { ClaimCartDocument } from '../../graphql/generated/documents/ClaimCart';
import { readToken } from '../../lib/auth-token';
import { clearToken, onTokenRefused, writeToken } from '../../lib/token-store';
import { purgeOfflineData } from '../../lib/offline-data';
import { cartState, forgetCart, forgetCartHere, loadCartId, storeCartId } from '../cart';
import { account } from './account-state';
import { AuthError, callAuth, tokenClaims } from './auth-client';

/**
 * The signed-in session of this tab: the token's cookie and refresh, the cart it brings along, and the other
 * tabs, which sign in and out with this one. Loaded after the first render.
 */
export interface SessionEnv {
  client: ApolloClient;
  languageId: LanguageId;
}

/** What this tab tells the others (lib/tabs): they sign in and out with it. */
declare module '../../lib/tabs' {
  interface TabTopics {
    'account/signed-in': object;
    'account/signed-out': object;
  }
}

/** The tabs' coordinator, loaded on its own: the account pages hydrate without it. */
const thisTab = () => import('../../lib/tabs').then(({ tabs }) => tabs());

/** A refresh that failed for want of a network is tried again after this long. */
const RETRY_MS = 60_000;

let env: SessionEnv | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const sessionListeners = new Set<() => void>();

/**
 * Hears each sign-in and sign-out of this tab's session, whether made here or heard from another tab (the live
 * updates connect again with the token as it is then). Returns the way to stop hearing.
 */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function sessionChanged(): void {
  for (const listener of [...sessionListeners]) listener();
}

/** Once per tab, after the first render: the other tabs, the refused-token rule and the refresh timer. */
export function startSession(sessionEnv: SessionEnv): void {
  const started = env !== null;
  env = sessionEnv;
  if (started) return;
  // Heard however late (a tab frozen for minutes): the customer's session must not outlive its sign-out here.
  void thisTab().then((tab) => {
    tab.on('account/signed-out', () => void signedOutElsewhere(), { stale: true });
    tab.on('account/signed-in', () => void otherTabSignedIn(), { stale: true });
  });
  // Shown again (or back from the back/forward cache): the cookie may have gone meanwhile, its message missed.
  const recheck = () => {
    if (account.signedIn && readToken() === null) void signedOutElsewhere();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') recheck();
  });
  window.addEventListener('pageshow', recheck);
  onTokenRefused(() => void signOut({ callServer: false }));
  const token = readToken();
  if (token) {
    account.shopAs = tokenClaims(token)?.shopAs === true;
    scheduleRefreshFor(token);
  }
}

function requireEnv(): SessionEnv {
  if (!env) throw new Error('The account session has not started');
  return env;
}

async function otherTabSignedIn(): Promise<void> {
  // The other tab wrote the cookies (token and the claimed cart): this tab reads them and drops what it fetched
  // as somebody else.
  const token = readToken();
  account.signedIn = token !== null;
  account.shopAs = token ? tokenClaims(token)?.shopAs === true : false;
  loadCartId();
  if (token) scheduleRefreshFor(token);
  sessionChanged();
  await resetStore();
}

/**
 * Another tab signed out (the token and the device's copies are gone already): this tab drops what it holds of the
 * customer, its session, the cart it showed and its Apollo cache, and leaves the device alone, which by now may
 * hold the next shopper's cart.
 */
async function signedOutElsewhere(): Promise<void> {
  clearTimeout(refreshTimer);
  const token = readToken();
  account.signedIn = token !== null;
  account.shopAs = token ? tokenClaims(token)?.shopAs === true : false;
  forgetCartHere();
  sessionChanged();
  await resetStore();
}

async function resetStore(): Promise<void> {
  // A failed refetch after the reset is the page's own error to show; the reset itself must not throw.
  await requireEnv().client.resetStore().catch((error: unknown) => console.error(error));
}

/**
 * The token from a login, register, password change or shop-as link: kept in the cookie, refreshed at 900 ×
 * maxAge ms, the guest cart merged into the customer's, the tab's data fetched again as the customer, and the
 * other tabs told.
 */
export async function signedIn(success: AuthSuccess): Promise<void> {
  const { client, languageId } = requireEnv();
  writeToken(success.token);
  account.signedIn = true;
  account.shopAs = success.shopAs === true || tokenClaims(success.token)?.shopAs === true;
  scheduleRefresh(success.maxAge);
  // Always asked, with or without a guest cart: the answer is the customer's own cart (the guest cart merged in),
  // which this browser may not have known yet.
  const guestCart = cartState.id || loadCartId();
  const channel = channels[languageId];
  const claimed = await client
    .mutate({ mutation: ClaimCartDocument, variables: { id: guestCart, channelId: channel.channelId, languageId: channel.languageId } })
    .catch((error: unknown) => {
      console.error(error);
      return null;
    });
  const id = claimed?.data?.claimCart.id;
  if (id) storeCartId(id);
  sessionChanged();
  await resetStore();
  void thisTab().then((tab) => tab.post({ kind: 'account/signed-in' }));
}

/**
 * Ends the customer's session in this tab and everywhere it left data: the token, the tab's Apollo cache and its
 * copy on the device, the cart id (the checkout form is kept with the cart on the server, so it goes with it), and
 * the other tabs. The server is told unless it is the one that refused the token.
 */
export async function signOut({ callServer = true, broadcast = true }: { callServer?: boolean; broadcast?: boolean } = {}): Promise<void> {
  const { client, languageId } = requireEnv();
  const token = readToken();
  clearToken();
  clearTimeout(refreshTimer);
  // The shopper's own sign-out, once (the other tabs hear it without the server being called again).
  if (callServer && broadcast) reportCustomerEvent('logout');
  // The device's copy of the cart goes even if IndexedDB fails; the rest of the sign-out goes on regardless.
  await forgetCart().catch((error: unknown) => console.error(error));
  // Apollo's store is cleared before the page hears of the sign-out: clearing cancels every query in flight, and
  // an account page that hears it leaves for home at once, whose loader's query would be cancelled into a 500.
  // Nothing is fetched as the customer meanwhile: the token is already gone.
  await purgeOfflineData(client).catch((error: unknown) => console.error(error));
  account.signedIn = false;
  account.shopAs = false;
  sessionChanged();
  if (broadcast) void thisTab().then((tab) => tab.post({ kind: 'account/signed-out' }));
  // The server forgets the session; if it cannot be reached, the token is gone from the browser all the same.
  if (callServer && token) await callAuth(AUTH_PATHS.logout, {}, { languageId, token }).catch(() => null);
}

function scheduleRefresh(maxAgeSeconds: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refresh(), REFRESH_FACTOR_MS * maxAgeSeconds);
}

/** A token read from the cookie: its claims say when it was issued and when it runs out. */
function scheduleRefreshFor(token: string): void {
  const claims = tokenClaims(token);
  if (!claims?.exp) return;
  const issued = claims.iat ?? claims.exp;
  const lifetime = claims.exp - issued;
  const at = lifetime > 0 ? (issued + (REFRESH_FACTOR_MS / 1000) * lifetime) * 1000 : claims.exp * 1000 - RETRY_MS;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refresh(), Math.max(0, at - Date.now()));
}

/**
 * The socket's server refused the token (closed with 4401): it is swapped for a fresh one now, or, refused here too,
 * dropped (the tab signs out). Never rejects; without a started session there is nothing to swap.
 */
export async function refreshToken(): Promise<void> {
  if (env) await refresh();
}

/** Swaps the token for a fresh one (a login with the current token); a refused token signs the tab out. */
async function refresh(): Promise<void> {
  const { languageId } = requireEnv();
  const token = readToken();
  if (!token) return;
  try {
    const { success } = await callAuth(AUTH_PATHS.login, {}, { languageId, token });
    if (!success || readToken() !== token) return;
    writeToken(success.token);
    scheduleRefresh(success.maxAge);
  } catch (error) {
    if (error instanceof AuthError && (error.status === 401 || error.code === 'UNAUTHENTICATED')) await signOut({ callServer: false });
    else refreshTimer = setTimeout(() => void refresh(), RETRY_MS);
  }
}
