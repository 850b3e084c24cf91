import { createGraphQLError } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { AdminClaims } from './tokens';

export const unauthenticated = (message: string) => createGraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });

/** The signed-in admin from 'Authorization: Bearer <token>', or an UNAUTHENTICATED error. */
export async function requireAdmin(ctx: GraphQLContext): Promise<AdminClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.authorization ?? '');
  const claims = match ? await ctx.adminTokens.verify(match[1]!) : null;
  if (!claims) throw unauthenticated('Admin sign-in required: send Authorization: Bearer <token from adminLogin>');
  return claims;
}
