import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Env } from './env';
import { traceIdOf } from '../shared/telemetry';

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

/** What a log line says about a request: enough to find it again, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const traceId = traceIdOf(request.headers.traceparent as string | undefined);
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, ...(traceId ? { traceId } : {}) };
}

/**
 * The build's files, icons, product images, the worker's own files and the health check: many per page view or
 * per minute, and nothing to investigate in them at info.
 */
export function isQuietPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return /^\/(assets|icons|images)\//.test(path) || path.endsWith('/manifest.webmanifest') || ['/sw.js', '/favicon.ico', '/robots.txt', '/healthz'].includes(path);
}

/**
 * One line per request, when its answer is sent (Fastify's default is two: one on arrival, one on completion). The
 * arrival goes to debug, for following a request that never completes; quiet paths log only at debug.
 */
class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isQuietPath(request.url)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** `stream` is for tests that read the log; production writes JSON lines to stdout. */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>, stream?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (env.LOG_LEVEL === 'silent' && !stream) return { logger: false };
  return {
    logger: { level: env.LOG_LEVEL, serializers: { req: serializeRequest as (req: unknown) => Record<string, unknown> }, ...(stream ? { stream } : {}) },
    logController: new AccessLog(),
  };
}

/**
 * A client's mistake or hang-up (bad JSON, a body cut off or too slow, a connection reset) is one short line:
 * thousands of them are an attack or a flaky network, not thousands of bugs worth a stack trace each.
 */
export function logRequestError(log: FastifyBaseLogger, error: Error & { code?: string }, status: number): void {
  if (status < 500) log.info({ statusCode: status, code: error.code }, `client error: ${error.message}`);
  else log.error(error);
}

/**
 * The process's own lines (start, migrations, seeding, shutdown, a fatal error) in the same JSON lines as
 * Fastify's request log, before the app exists and after it has stopped.
 */
export function processLogger(level: Env['LOG_LEVEL'] | undefined = 'info'): Logger {
  return pino({ level });
}
