/**
 * The one shape a refused request takes on the client, whether GraphQL or /auth refused it or no answer came:
 * what forms show. The server writes its texts in the request's language; a text it did not write for the
 * shopper (an unexpected error, masked in production as "Unexpected error.") is replaced by the generic one.
 */
export interface ClientError {
  /** The server's code (a GraphQL error's extensions.code, an /auth answer's code), or NETWORK when none came. */
  code: string;
  /** What to tell the shopper, in their language. */
  message: string;
  /** Texts for single fields, by the field's name (BAD_USER_INPUT's extensions.fields). */
  fields: Readonly<Record<string, string>>;
}

export const NETWORK = 'NETWORK';

/** GraphQL error codes whose message the server writes for the shopper, in the request's language. */
const SHOPPER_FACING_CODES: ReadonlySet<string> = new Set(['BAD_USER_INPUT', 'RATE_LIMITED', 'BUSY', 'INVALID_EMAIL', 'SKU_NOT_FOUND', 'ALREADY_IN_STOCK']);

interface FormattedGraphQLError {
  message: string;
  extensions?: { code?: unknown; fields?: unknown };
}

/**
 * Apollo's CombinedGraphQLErrors, recognised by its shape rather than Apollo's `is`: importing Apollo's errors
 * would bring its chunk into the footer's and the product page's forms before they hydrate.
 */
function graphQLErrorsOf(error: unknown): readonly FormattedGraphQLError[] | null {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.every((e) => typeof (e as Partial<FormattedGraphQLError> | null)?.message === 'string') ? (errors as FormattedGraphQLError[]) : null;
}

/** An /auth refusal (features/account/auth-client.ts): already this shape, with its text possibly empty. */
function isClientError(error: unknown): error is ClientError {
  const candidate = error as Partial<ClientError> | null;
  return typeof candidate?.code === 'string' && typeof candidate.message === 'string' && typeof candidate.fields === 'object' && candidate.fields !== null;
}

/** Any refusal as the client error shape; `generic` is the shopper's generic text, for whatever the server did not word. */
export function clientErrorOf(error: unknown, generic: string): ClientError {
  if (isClientError(error)) return { code: error.code, message: error.message || generic, fields: error.fields };
  const errors = graphQLErrorsOf(error);
  if (!errors) return { code: NETWORK, message: generic, fields: {} };
  const worded = errors.find((e) => SHOPPER_FACING_CODES.has(String(e.extensions?.code)));
  if (!worded) return { code: String(errors[0]?.extensions?.code ?? 'INTERNAL_SERVER_ERROR'), message: generic, fields: {} };
  const fields = Object.fromEntries(Object.entries((worded.extensions?.fields ?? {}) as Record<string, unknown>).map(([field, text]) => [field, String(text)]));
  return { code: String(worded.extensions?.code), message: worded.message, fields };
}

/**
 * The text for the whole form: the error's message, unless it only repeats what a field already says (a single
 * bad field), so the shopper does not hear it twice.
 */
export function formMessageOf(error: ClientError): string | null {
  return Object.values(error.fields).includes(error.message) ? null : error.message;
}

/**
 * The technical text of a failed request, as logs and error reports carry it (the shopper sees the generic text):
 * an answer with status 300 or more, a body that is not JSON, a body with neither data nor errors, no answer at
 * all. Recognised by shape, not Apollo's classes, for the same reason as graphQLErrorsOf.
 */
export function technicalMessageOf(error: unknown, operationName: string): string {
  const candidate = error as { name?: unknown; statusCode?: unknown; message?: unknown } | null;
  const message = typeof candidate?.message === 'string' ? candidate.message : String(error);
  // fetch rejects with a TypeError when no answer came, worded by each browser its own way.
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) return 'Network request failed';
  if (candidate?.name === 'ServerParseError') return `JSON parse error: ${message}`;
  if (candidate?.name === 'ServerError' && typeof candidate.statusCode === 'number') {
    // Apollo's HTTP link throws a ServerError below 300 only for a body without data or errors.
    return candidate.statusCode >= 300 ? `Response not successful: Received status code ${candidate.statusCode}` : `Server response was missing for query ${operationName}`;
  }
  return graphQLErrorsOf(error)?.[0]?.message ?? message;
}

/** The status an error page shows for a failed request: the answer's own when it was 300 or more, 500 otherwise. */
export function statusOf(error: unknown): number {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 300 ? statusCode : 500;
}
