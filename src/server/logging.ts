import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Env } from './env';

/**
 * Query parameters that carry a secret: the order confirmation token, the admin's one-time loginToken,
 * payment signatures. Access logs are read by more people (and kept longer) than the database.
 */
const SECRET_PARAMETER = /token|secret|password|passwd|signature|^sig$|^sign$|^key$|api[-_]?key|^code$/i;
const REDACTED = '[redacted]';

/**
 * GraphQL over GET carries the whole operation in the URL: `query` and `variables` hold an order's token
 * (`order(orderId, token)`), an admin's password or whatever a later field takes, under names no pattern
 * foresees. For the endpoint, at any language prefix (`/graphql`, `/en/graphql`) and however the client spells
 * it (`/GraphQL/`, `/%67raphql`), the log gets the path only.
 */
function isGraphqlPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed path is matched as it is
  }
  return /\/graphql\/*$/i.test(decoded);
}

/** The URL with the value of every secret query parameter replaced; everything else byte for byte. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  if (isGraphqlPath(url.slice(0, queryStart))) return `${url.slice(0, queryStart)}?${REDACTED}`;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is matched as it is
      }
      return equals >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's own request fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `stream` is for tests that read the log; production writes JSON lines to stdout. */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent' && !stream) return false;
  return { level: env.LOG_LEVEL, serializers: { req: serializeRequest as (req: unknown) => Record<string, unknown> }, ...(stream ? { stream } : {}) };
}

/**
 * A client's mistake or hang-up (bad JSON, a body cut off or too slow, a connection reset) is one short line:
 * thousands of them are an attack or a flaky network, not thousands of bugs worth a stack trace each.
 */
export function logRequestError(log: FastifyBaseLogger, error: Error & { code?: string }, status: number): void {
  if (status < 500) log.info({ statusCode: status, code: error.code }, `client error: ${error.message}`);
  else log.error(error);
}
