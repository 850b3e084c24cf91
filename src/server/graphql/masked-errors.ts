import { GraphQLError } from 'graphql';
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
      const cause = error instanceof GraphQLError && error.originalError ? error.originalError : error;
      const path = error instanceof GraphQLError ? error.path?.join('.') : undefined;
      logger.error({ err: cause, path }, 'GraphQL operation failed unexpectedly');
    }
    return masked;
  };
}
