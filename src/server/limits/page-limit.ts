import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateBudget } from './budgets';

const texts = {
  sv: { lang: 'sv', title: 'För många förfrågningar', body: 'Vänta en stund och försök igen.' },
  en: { lang: 'en', title: 'Too many requests', body: 'Please wait a while and try again.' },
};

/**
 * Server rendering costs far more than any other answer, so pages get their own per-address budget. Answers a
 * short page with 429 and returns true when the address has used it up; the caller then renders nothing.
 */
export async function refusePageOverBudget(pages: RateBudget, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const verdict = await pages.take(req.ip);
  if (verdict.allowed) return false;
  const t = req.url === '/en' || req.url.startsWith('/en/') || req.url.startsWith('/en?') ? texts.en : texts.sv;
  reply
    .status(429)
    .header('Retry-After', String(verdict.retryAfterSeconds))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="${t.lang}"><meta charset="utf-8"><title>${t.title}</title><h1>${t.title}</h1><p>${t.body}</p></html>`);
  return true;
}
