/*
 * The refusals services make on purpose, in no transport's terms: the GraphQL edge (graphql/errors.ts) answers
 * them as errors with `extensions.code`, the /auth routes as `{ message, code }` with an HTTP status. The message
 * is the text the shopper sees, already in their language.
 */

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'rateLimited' | 'busy';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A more precise reason than the kind, where clients branch on it (e.g. EMAIL_TAKEN). */
    readonly code: string | null = null,
    /** Field-by-field refusals: each bad field and the text a form shows beside it. */
    readonly fields: Readonly<Record<string, string>> | null = null,
    /** For 'busy': when to try again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Input refused; `code` names a more precise reason where clients need one. */
export const invalidInput = (message: string, code: string | null = null) => new DomainError('invalid', message, code);

/** Input refused field by field: `fields` maps each bad field to the text the form shows beside it. */
export const invalidFields = (message: string, fields: Readonly<Record<string, string>>) => new DomainError('invalid', message, null, fields);

/** No valid sign-in. */
export const notSignedIn = (message: string) => new DomainError('unauthenticated', message);

/** Signed in, but this sign-in may not do this. */
export const notAllowed = (message: string) => new DomainError('forbidden', message);

/** Too many attempts from this client or for this account. */
export const tooManyAttempts = (message: string) => new DomainError('rateLimited', message);

/** The server is doing as much of this slow work as it takes at once. */
export const busy = (message: string, retryAfterSeconds: number) => new DomainError('busy', message, null, null, retryAfterSeconds);
