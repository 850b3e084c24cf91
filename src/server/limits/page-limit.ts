import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOfUrl, t } from '../i18n';
import type { RateBudget } from './budgets';

/**
 * Server rendering costs far more than any other answer, so pages get their own per-address budget. Answers a
 * short page in the page's language with 429 and returns true when the address has used it up; the caller then
 * renders nothing.
 */
export async function refusePageOverBudget(pages: RateBudget, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const verdict = await pages.take(req.ip);
  if (verdict.allowed) return false;
  const languageId = languageOfUrl(req.url);
  const title = t(languageId, 'server.page.tooManyRequests.title');
  reply
    .status(429)
    .header('Retry-After', String(verdict.retryAfterSeconds))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="${languageId}"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${t(languageId, 'server.page.tooManyRequests.text')}</p></html>`);
  return true;
}
