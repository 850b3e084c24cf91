import type { FastifyInstance } from 'fastify';
import type { AdminTokens } from '../../request-context';

/**
 * How a browser previews unpublished content pages. The admin API's bearer token never goes into a browser:
 * `createPreviewLink` answers a link carrying a preview token (its own audience, so it can show drafts and do
 * nothing else; 30 minutes at most, and revoked with the admin's password). Opening the link puts that token in
 * an HttpOnly cookie and sends the browser on to the same address without it, so the token leaves the address
 * bar and the history at once. Page renders, and the browser's own /graphql requests, read the cookie
 * (graphql/context.ts `previewer`).
 */
export const PREVIEW_COOKIE = 'shop-preview';
export const PREVIEW_TOKEN_PARAM = 'previewToken';

export function registerPreviewLinks(fastify: FastifyInstance, options: { adminTokens: AdminTokens; secure: boolean }) {
  fastify.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.url.includes(`${PREVIEW_TOKEN_PARAM}=`)) return;
    const url = new URL(req.url, 'http://shop.invalid');
    const token = url.searchParams.get(PREVIEW_TOKEN_PARAM);
    if (token === null) return;
    url.searchParams.delete(PREVIEW_TOKEN_PARAM);
    const claims = await options.adminTokens.verifyPreview(token);
    // An invalid or expired link sets nothing: the page then answers as it does for anyone (404 for a draft).
    if (claims) {
      reply.setCookie(PREVIEW_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        maxAge: Math.max(0, claims.exp - Math.floor(Date.now() / 1000)),
      });
    }
    return reply.status(303).header('Cache-Control', 'private, no-store').header('Location', `${url.pathname}${url.search}`).send();
  });
}
