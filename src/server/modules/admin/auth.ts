import type { RequestContext } from '../../request-context';
import { notSignedIn } from '../../domain-error';
import type { AdminClaims } from './tokens';

/** The token of an 'Authorization: Bearer <token>' header; null for any other header. */
export function bearerToken(authorization: string | null | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

/** The signed-in admin from 'Authorization: Bearer <token>', or an UNAUTHENTICATED error. */
export async function requireAdmin(ctx: RequestContext): Promise<AdminClaims> {
  const token = bearerToken(ctx.authorization);
  const claims = token ? await ctx.adminTokens.verify(token) : null;
  if (!claims) throw notSignedIn('Admin sign-in required: send Authorization: Bearer <token from adminLogin>');
  return claims;
}
