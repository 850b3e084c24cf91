import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/*
 * The errors resolvers throw on purpose, each with the code clients branch on. Made by Yoga's own helper, so they
 * are instances of the graphql copy Yoga checks against and pass its masking with their message intact.
 */

/** Input the API refuses; the message is shown as it is. `code` names a more precise reason where clients need one. */
export function badInput(message: string, code = 'BAD_USER_INPUT'): GraphQLError {
  return createGraphQLError(message, { extensions: { code } });
}

/** No valid admin sign-in (401 over HTTP). */
export function unauthenticated(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

/** Too many attempts from this client or for this account (429 over HTTP). */
export function rateLimited(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
}

/** The server is doing as much of this slow work as it takes at once (503 over HTTP, with Retry-After). */
export function busy(message: string, retryAfterSeconds: number): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'BUSY', http: { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } } } });
}

/** Input refused field by field: `fields` maps each bad field to the text the form shows beside it. */
export function invalidFields(message: string, fields: Readonly<Record<string, string>>): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', fields } });
}

/** Signed in, but this sign-in may not do this (403 over HTTP). */
export function forbidden(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
}
