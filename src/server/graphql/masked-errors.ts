import { maskError, type MaskError } from 'graphql-yoga';

/** The part of Fastify's (pino's) logger this needs. */
export interface ErrorLogger {
  error(details: object, message: string): void;
}

/**
 * Yoga's masking, which answers an unexpected error as "Unexpected error." without its details, plus a log line
 * with those details: otherwise the operator never learns what failed.
 */
export function loggedMaskError(logger: ErrorLogger): MaskError {
  return (error, message, isDev) => {
    const masked = maskError(error, message, isDev);
    if (masked !== error) {
      // Duck-typed: graphql may be loaded twice (ESM and CommonJS), so instanceof GraphQLError can miss.
      const graphqlError = error as { originalError?: unknown; path?: readonly (string | number)[] };
      const cause = graphqlError.originalError ?? error;
      const path = graphqlError.path?.join('.');
      logger.error({ err: cause, path }, 'GraphQL operation failed unexpectedly');
    }
    return masked;
  };
}
