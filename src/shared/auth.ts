/**
 * What the browser and the server agree on for customer accounts: the auth endpoints, their bodies and
 * answers, the token cookie and the session lifetimes. The server's rules live in modules/auth; the client's
 * in features/account.
 */

/** The bearer token's cookie: 7 days, path /, readable by the page (it sends the token as Bearer). */
export const AUTH_COOKIE = 'apollo-token';
export const AUTH_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** sessionLifetime the browser sends when "remember me" is off, in minutes. */
export const SHORT_SESSION_MINUTES = 30;
/** A remembered session lasts a week, a short one 30 minutes. */
export const LONG_SESSION_SECONDS = 604_800;
export const SHORT_SESSION_SECONDS = SHORT_SESSION_MINUTES * 60;
/** The browser refreshes its token at 900 × maxAge ms: 90 % of its life. */
export const REFRESH_FACTOR_MS = 900;

/** The browser hashes the password as SHA-384 over this fixed salt and the password, base64. */
export const PASSWORD_SALT = 'retro-spelbutiken:v1:';
export const PASSWORD_MIN_LENGTH = 7;
/** What the browser's hash of a password looks like (SHA-384, base64): 64 characters. */
export const BROWSER_PASSWORD_HASH = /^[A-Za-z0-9+/]{64}$/;

export const AUTH_PATHS = {
  register: '/auth/register',
  login: '/auth/login',
  password: '/auth/password',
  logout: '/auth/logout',
  sign: '/auth/sign',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  /** The link mailed to a new address: moves the account there. */
  confirmEmail: '/auth/confirm-email',
  /** The link mailed to the old address after a change: moves the account back and opens the reset flow. */
  undoEmail: '/auth/undo-email',
} as const;

/**
 * The JSON body of every auth endpoint; each takes the fields it needs. password and newPassword are the
 * browser's hash (see PASSWORD_SALT). sessionLifetime is in minutes (30 when remember-me is off; absent means
 * a week). signature answers a `{sign}` challenge. loginToken is an admin's one-time "shop as" token (login).
 * key is a password reset key (reset-password), or an e-mail change's key (confirm-email, undo-email).
 */
export interface AuthRequest {
  username?: string;
  password?: string;
  newPassword?: string;
  sessionLifetime?: number;
  signature?: string;
  loginToken?: string;
  key?: string;
  /** register: the account's customer type and company/person details. */
  customerType?: 'PERSON' | 'ORGANIZATION';
  firstName?: string;
  lastName?: string;
  companyName?: string;
  organisationIdNumber?: string;
  newsletterConsent?: boolean;
  /** logout: end every session of the account, not only this one. */
  everywhere?: boolean;
  /** The page's language ('sv' or 'en'), for the answer's message and the reset mail; Swedish when absent. */
  languageId?: string;
}

/** 200: the new bearer token and its life in seconds; shopAs when an admin is shopping as the customer. */
export interface AuthSuccess {
  token: string;
  maxAge: number;
  shopAs?: boolean;
}

/** 200 instead of a token: the server asks for a signature first (see the sign endpoint). */
export interface AuthChallenge {
  sign: string;
}

/**
 * GET /auth/sign/{value}: what a challenge asks for. The browser finds an answer (a decimal counter) for which
 * SHA-256 of "<sign>:<answer>" starts with `difficulty` zero bits, and logs in again with signature
 * "<sign>:<answer>". A value that is forged, expired or for another address answers SIGNATURE_INVALID.
 */
export interface AuthSignInfo {
  sign: string;
  algorithm: 'SHA-256';
  difficulty: number;
  expiresAt: string;
}

/** 200 from logout (whether or not the token still counted). */
export interface AuthLoggedOut {
  loggedOut: true;
}

/** 200 from forgot-password (the same text whether or not the address has an account) and confirm-email. */
export interface AuthMessage {
  message: string;
}

/**
 * 200 from undo-email: the account has its old address back, every session has ended and the password no longer
 * works; `key` is a fresh reset key for the page to set a new one with (reset-password).
 */
export interface AuthEmailRestored {
  message: string;
  key: string;
}

export type AuthErrorCode =
  | 'ACCOUNT_EXISTS'
  | 'WRONG_CREDENTIALS'
  | 'WRONG_PASSWORD_LOGGED_OUT'
  | 'INVALID_FIELDS'
  | 'RESET_KEY_INVALID'
  /** 400: an e-mail change's link that was used, has expired or never existed. */
  | 'EMAIL_KEY_INVALID'
  | 'SIGNATURE_INVALID'
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED'
  /** 503: the server is checking as many passwords as it takes at once; try again after Retry-After. */
  | 'BUSY'
  /** 403: a request sent by another site's page (Sec-Fetch-Site cross-site or same-site). */
  | 'CROSS_SITE'
  /** 403: an admin's shop-as session asked for what only the account's owner may do (change the password). */
  | 'SHOP_AS_FORBIDDEN';

/** 4xx: message is the shopper-facing text in the request's language. */
export interface AuthFailure {
  message: string;
  code: AuthErrorCode;
}

/** The token's payload the browser may read (it never trusts it for anything but display and timing). */
export interface AuthTokenClaims {
  sub: string;
  sid: string;
  exp: number;
  shopAs?: boolean;
}
