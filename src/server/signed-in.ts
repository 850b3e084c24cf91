import { notAllowed, notSignedIn } from './domain-error';
import type { CustomerSession, RequestContext } from './request-context';

/*
 * The signed-in customer as the shop's modules ask for it. Here rather than in modules/auth, which reads the
 * customers table through modules/customer: the customer, cart and checkout modules asking modules/auth would
 * make a circle. The session is the operation's token's, as RequestContext.customer() checked it.
 */

/** The signed-in customer's id, or null for a guest (no token, or one whose session no longer counts). */
export async function signedInCustomerId(ctx: Pick<RequestContext, 'customer'>): Promise<number | null> {
  return (await ctx.customer())?.customerId ?? null;
}

/** The signed-in customer's session, or an UNAUTHENTICATED refusal. */
export async function requireSignedIn(ctx: Pick<RequestContext, 'customer'>): Promise<CustomerSession> {
  const session = await ctx.customer();
  if (!session) throw notSignedIn('Sign-in required: send Authorization: Bearer <token from /auth/login>');
  return session;
}

/**
 * The signed-in customer's session, when it is the customer's own: an admin shopping as the customer (a shop-as
 * session) may shop and look, but not change the account's email nor delete it. FORBIDDEN otherwise.
 */
export async function requireAccountOwner(ctx: Pick<RequestContext, 'customer'>): Promise<CustomerSession> {
  const session = await requireSignedIn(ctx);
  if (session.shopAsAdminId !== null) throw notAllowed('A shop-as session may not change the sign-in email or delete the account');
  return session;
}
