import { createGraphQLError } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import { unauthenticated } from '../../graphql/errors';
import type { CustomerSession } from './sessions';

export interface RequireCustomerOptions {
  /**
   * false: an admin's shop-as session is refused (FORBIDDEN). For what only the account's owner may do: change the
   * email or the password, delete the account, end every session.
   */
  allowShopAs?: boolean;
}

/**
 * The signed-in customer of the operation, or an UNAUTHENTICATED error (no token, or one that no longer counts);
 * with `allowShopAs: false` a FORBIDDEN error for an admin shopping as the customer.
 */
export async function requireCustomer(ctx: Pick<GraphQLContext, 'customer'>, options: RequireCustomerOptions = {}): Promise<CustomerSession> {
  const session = await ctx.customer();
  if (!session) throw unauthenticated('Sign-in required: send Authorization: Bearer <token from /auth/login>');
  if (options.allowShopAs === false && session.shopAsAdminId !== null) {
    throw createGraphQLError('Only the account owner may do this, not an admin shopping as the customer', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
  }
  return session;
}

/** requireCustomer refusing shop-as sessions: for changing the email or deleting the account. */
export const requireAccountOwner = (ctx: Pick<GraphQLContext, 'customer'>): Promise<CustomerSession> => requireCustomer(ctx, { allowShopAs: false });
