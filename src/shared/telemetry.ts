/**
 * The response header that carries the server's id of a request (the `reqId` of its log lines). The page's own id
 * also travels in its boot data, and the browser's telemetry puts it on every envelope.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What the browser's telemetry needs from the server; absent when no instrumentation key is configured. */
export interface TelemetrySettings {
  instrumentationKey: string;
  endpoint: string;
}

/** Where the personalisation events go and the rate cart amounts are converted at; absent when off. */
export interface PersonalisationSettings {
  url: string;
  eurPerSek: number;
}

/**
 * The W3C trace id of a `traceparent` header (version-traceid-parentid-flags), or null. The browser's telemetry sends
 * one with each GraphQL call and files the call under that id, so the server logs it beside the request's own id.
 */
export function traceIdOf(traceparent: string | undefined): string | null {
  const match = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(traceparent ?? '');
  return match && !/^0+$/.test(match[1]!) ? match[1]! : null;
}
