import { AUTH_PATHS, PASSWORD_SALT, type AuthChallenge, type AuthErrorCode, type AuthFailure, type AuthRequest, type AuthSuccess, type AuthTokenClaims } from '../../../shared/auth';
import { channels, type LanguageId } from '../../../shared/locales';
import type { ClientError } from '../../lib/client-error';

/**
 * A refused auth call in the client error shape (lib/client-error.ts), as GraphQL refusals are: the server's text
 * for the shopper (in the request's language; empty when none came, and clientErrorOf puts the generic one
 * there), its code, and the HTTP status. The auth endpoints name no single fields.
 */
export class AuthError extends Error implements ClientError {
  readonly fields: Readonly<Record<string, string>> = {};
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

/** What GET /auth/sign/{value} says a challenge asks for. */
interface SignInfo {
  sign: string;
  difficulty: number;
}

/** Whether a SHA-256 digest starts with `bits` zero bits. */
function leadingZeroBits(digest: Uint8Array, bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) if ((digest[bit >> 3]! >> (7 - (bit & 7))) & 1) return false;
  return true;
}

/** Hashes tried at once: the digests run in parallel, and the page stays responsive between batches. */
const PROOF_BATCH = 2048;

/**
 * The proof of work a `{sign}` challenge asks for: a decimal answer for which SHA-256("<sign>:<answer>") starts
 * with the asked number of zero bits; the signature is "<sign>:<answer>".
 */
export async function solveChallenge(sign: string, difficulty: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += PROOF_BATCH) {
    const answers = Array.from({ length: PROOF_BATCH }, (_, index) => start + index);
    const digests = await Promise.all(answers.map((answer) => crypto.subtle.digest('SHA-256', encoder.encode(`${sign}:${answer}`))));
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest), difficulty));
    if (found >= 0) return `${sign}:${answers[found]}`;
  }
}

/**
 * Answers the server's `{sign}` challenge: the sign endpoint says what the value asks for, the browser works out
 * the proof, and the request goes again with it as its signature. One round only: a second challenge fails.
 */
async function signatureFor(value: string, options: CallOptions): Promise<string> {
  const { status, body } = await send(`${AUTH_PATHS.sign}/${encodeURIComponent(value)}?languageId=${options.languageId}`, { method: 'GET' }, options);
  const info = body as Partial<SignInfo> | null;
  if (status >= 400 || typeof info?.sign !== 'string' || typeof info.difficulty !== 'number') throw failure(status, body);
  return solveChallenge(info.sign, info.difficulty);
}

function failure(status: number, body: unknown): AuthError {
  const { message, code } = (body ?? {}) as Partial<AuthFailure>;
  return new AuthError(typeof message === 'string' ? message : '', code ?? 'NETWORK', status);
}

/**
 * An auth endpoint's 200: a token (login, register, password, reset), or only a message (forgot password, confirm
 * email), or a message and a reset key (undo email).
 */
export interface AuthAnswer {
  success: AuthSuccess | null;
  message: string | null;
  key: string | null;
}

/** POSTs JSON to an auth endpoint in the page's language; rejects with an AuthError when refused. */
export async function callAuth(path: AuthPath, request: AuthRequest, options: CallOptions): Promise<AuthAnswer> {
  const post = (body: AuthRequest) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, languageId: options.languageId }) }, options).catch(
      () => ({ status: 0, body: null }),
    );
  let answer = await post(request);
  if (answer.status < 400 && isChallenge(answer.body)) {
    const signature = await signatureFor(answer.body.sign, options);
    answer = await post({ ...request, signature });
    if (answer.status < 400 && isChallenge(answer.body)) throw new AuthError('', 'SIGNATURE_INVALID', answer.status);
  }
  if (answer.status === 0 || answer.status >= 400) throw failure(answer.status, answer.body);
  const { message, key } = (answer.body ?? {}) as { message?: unknown; key?: unknown };
  return { success: isSuccess(answer.body) ? answer.body : null, message: typeof message === 'string' ? message : null, key: typeof key === 'string' ? key : null };
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
