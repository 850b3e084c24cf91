import type { GraphQLError } from 'graphql';
import { createGraphQLError, type MaskError } from 'graphql-yoga';
import { DomainError } from '../domain-error';

/*
 * The errors the API answers on purpose, each with the code clients branch on. Made by Yoga's own helper, so they
 * are instances of the graphql copy Yoga checks against and pass its masking with their message intact. Services
 * throw DomainError (domain-error.ts); domainErrorsAnswered turns those into these.
 */

type Located = Pick<GraphQLError, 'nodes' | 'source' | 'positions' | 'path'>;

/** Input the API refuses; the message is shown as it is. `code` names a more precise reason where clients need one. */
export function badInput(message: string, code = 'BAD_USER_INPUT', at: Partial<Located> = {}): GraphQLError {
  return createGraphQLError(message, { ...at, extensions: { code } });
}

/** The GraphQL answer to a service's refusal: the same code, status and fields the API has always given. */
export function graphqlErrorOf(error: DomainError, at: Partial<Located> = {}): GraphQLError {
  switch (error.kind) {
    case 'invalid':
      return createGraphQLError(error.message, { ...at, extensions: { code: error.code ?? 'BAD_USER_INPUT', ...(error.fields ? { fields: error.fields } : {}) } });
    case 'unauthenticated':
      return createGraphQLError(error.message, { ...at, extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
    case 'forbidden':
      return createGraphQLError(error.message, { ...at, extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
    case 'rateLimited':
      return createGraphQLError(error.message, { ...at, extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
    case 'busy':
      return createGraphQLError(error.message, {
        ...at,
        extensions: { code: 'BUSY', http: { status: 503, headers: { 'Retry-After': String(error.retryAfterSeconds ?? 1) } } },
      });
  }
}

/**
 * Yoga's error hook, in front of `mask`: a resolver's DomainError becomes its GraphQL error (at the same path);
 * everything else is `mask`'s (Yoga's masking in production, nothing in development).
 */
export function domainErrorsAnswered(mask: MaskError): MaskError {
  return (error, message, isDev) => {
    // Duck-typed: graphql may be loaded twice (ESM and CommonJS), so instanceof GraphQLError can miss.
    const located = error as Partial<Located> & { originalError?: unknown };
    const cause = located.originalError ?? error;
    if (cause instanceof DomainError) return graphqlErrorOf(cause, { nodes: located.nodes, source: located.source, positions: located.positions, path: located.path });
    return mask(error, message, isDev);
  };
}
