import type { FastifyRequest } from 'fastify';

/** The parameters of a GraphQL request over GET (the GraphQL over HTTP spec's names). */
const GET_PARAMETERS = ['query', 'operationName', 'variables', 'extensions'] as const;

/**
 * A GET that names one of the request's parameters twice has no single meaning: the query-string parser makes it
 * a list, which Yoga did not expect (it answered 500). Such a request is the client's mistake, so it is a 400 in
 * GraphQL's error shape.
 */
export function malformedGraphQLRequest(req: FastifyRequest): { errors: { message: string; extensions: { code: string } }[] } | null {
  if (req.method !== 'GET') return null;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const repeated = GET_PARAMETERS.find((name) => Array.isArray(query[name]));
  if (!repeated) return null;
  return { errors: [{ message: `The parameter "${repeated}" is given more than once`, extensions: { code: 'BAD_REQUEST' } }] };
}

// Any multipart or text range: Yoga matches wildcards too (multipart/* would still pick the stream).
const STREAMED = /^(multipart|text)\//i;

/**
 * The shop answers GraphQL over HTTP with one JSON document: it uses neither @defer/@stream nor HTTP subscriptions
 * (they go over the socket). Asked for multipart/mixed, Yoga framed a single answer as a stream whose headers
 * strict proxies refuse (502), so the streamed types are taken out of Accept and JSON is what remains.
 */
export function singleAnswerAccept(accept: string): string {
  const kept = accept
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !STREAMED.test(part));
  return kept.length > 0 ? kept.join(', ') : 'application/json';
}
