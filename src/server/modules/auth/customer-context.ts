import type { GraphQLContext } from '../../graphql/context';
import { unauthenticated } from '../../graphql/errors';
import type { CustomerSession } from './sessions';

/** The signed-in customer of the operation, or an UNAUTHENTICATED error (no token, or one that no longer counts). */
export async function requireCustomer(ctx: Pick<GraphQLContext, 'customer'>): Promise<CustomerSession> {
  const session = await ctx.customer();
  if (!session) throw unauthenticated('Sign-in required: send Authorization: Bearer <token from /auth/login>');
  return session;
}
