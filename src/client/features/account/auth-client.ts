import { AUTH_PATHS, PASSWORD_SALT, type AuthChallenge, type AuthErrorCode, type AuthFailure, type AuthRequest, type AuthSuccess, type AuthTokenClaims } from '../../../shared/auth';
import { channels, type LanguageId } from '../../../shared/locales';

/** A refused auth call: the server's text for the shopper (in the request's language) and its code. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code: AuthErrorCode | 'NETWORK',
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The password never leaves the browser as typed: SHA-384 over the fixed salt and the password, base64. The
 * server treats that value as the password and hashes it again with a slow hash before storing it.
 */
export async function hashPassword(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-384', new TextEncoder().encode(PASSWORD_SALT + password));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

type AuthPath = (typeof AUTH_PATHS)[Exclude<keyof typeof AUTH_PATHS, 'sign'>];

interface CallOptions {
  languageId: LanguageId;
  /** The current token, for calls that act on the signed-in session (password, logout, refresh). */
  token?: string | null;
}

function isChallenge(body: unknown): body is AuthChallenge {
  return typeof (body as Partial<AuthChallenge> | null)?.sign === 'string';
}

function isSuccess(body: unknown): body is AuthSuccess {
  return typeof (body as Partial<AuthSuccess> | null)?.token === 'string';
}

async function send(path: string, init: RequestInit, options: CallOptions): Promise<{ status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', channels[options.languageId].iso);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  const response = await fetch(path, { ...init, headers, credentials: 'include' });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/**
 * Answers the server's `{sign}` challenge: the sign endpoint signs the value it handed out, and the request goes
 * again with that signature. One round only: a second challenge is a failure.
 */
async function signatureFor(value: string, options: CallOptions): Promise<string> {
  const { status, body } = await send(`${AUTH_PATHS.sign}/${encodeURIComponent(value)}`, { method: 'GET' }, options);
  const signature = typeof body === 'string' ? body : (body as { signature?: unknown } | null)?.signature;
  if (status >= 400 || typeof signature !== 'string') throw failure(status, body);
  return signature;
}

function failure(status: number, body: unknown): AuthError {
  const { message, code } = (body ?? {}) as Partial<AuthFailure>;
  return new AuthError(typeof message === 'string' ? message : '', code ?? 'NETWORK', status);
}

/** POSTs JSON to an auth endpoint; resolves with the answer's token, or rejects with an AuthError. */
export async function callAuth(path: AuthPath, request: AuthRequest, options: CallOptions): Promise<AuthSuccess | null> {
  const post = (body: AuthRequest) => send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, options);
  let answer = await post(request).catch(() => ({ status: 0, body: null }));
  if (answer.status < 400 && isChallenge(answer.body)) {
    const signature = await signatureFor(answer.body.sign, options);
    answer = await post({ ...request, signature }).catch(() => ({ status: 0, body: null }));
  }
  if (answer.status === 0 || answer.status >= 400) throw failure(answer.status, answer.body);
  return isSuccess(answer.body) ? answer.body : null;
}

/** What the browser reads of its token: exp and iat in seconds. */
export type TokenClaims = Partial<AuthTokenClaims> & { iat?: number };

/** The claims of a token, for display and timing only (the server checks the signature, never the browser). */
export function tokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}
