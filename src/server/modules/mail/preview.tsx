import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { Db } from '../../db/client';
import type { ShopVariant } from '../../../shared/shop';
import { findMail, maskResetKeys, type StoredMail } from './outbox-store';
import { renderOrderMail } from './render';
import { MAIL_RENDER_SCRIPT, MAIL_RENDER_SCRIPT_PATH, mailHtmlJson } from './render-script';
import { sampleOrderMailData } from './sample';
import { mailPreviewTexts } from './texts';
import { renderPasswordResetMail } from './PasswordResetMail';
import { renderEmailChangeMail } from './EmailChangeMail';
import type { EmailChangeMailKind, MailKind, RenderedMail } from './types';

/**
 * The plain page around the shop's mail tools (previews, the development mailbox): no index, and no script but the
 * mail layout's render script (`script`, of the shop's own origin) where the page shows a mail.
 */
export function MailToolPage({ language, title, children, script }: { language: LanguageId; title: string; children: ReactNode; script?: string }) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* The shop variant's own (src/server/web-app.ts). */}
        <link rel="icon" href="/favicon.ico" />
        <title>{title}</title>
        {script ? <script src={script} defer /> : null}
      </head>
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', background: '#f4f4f6', color: '#1f1f24' }}>
        <main style={{ maxWidth: 680, margin: '0 auto', padding: '16px' }}>{children}</main>
      </body>
    </html>
  );
}

/**
 * The "mail layout" page: it loads the mail render script (render-script.ts), which renders the mail's HTML (carried
 * in the page as JSON, never run) into a sandboxed preview frame, so the mail's own document (and styles) stay apart
 * from the page's and nothing in it can run scripts. The script is a file of the shop's own origin, so the shop's
 * CSP holds without an exception. Without scripts the page says so and the plain-text version is open. `aside`
 * goes between the note and the mail (the development mailbox puts the mail's links there).
 */
export function mailLayoutPage(kind: MailKind, language: LanguageId, mail: RenderedMail, note: string, aside?: ReactNode): string {
  const texts = mailPreviewTexts[language];
  const markup = renderToStaticMarkup(
    <MailToolPage language={language} title={`${texts.title[kind]}: ${mail.subject}`} script={MAIL_RENDER_SCRIPT_PATH}>
      <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>{texts.title[kind]}</h1>
      <p style={{ margin: '0 0 4px', fontWeight: 600 }}>{mail.subject}</p>
      <p style={{ margin: '0 0 12px', color: '#5c5c66', fontSize: 14 }}>{note}</p>
      {aside}
      <script type="application/json" id="mail-html" dangerouslySetInnerHTML={{ __html: mailHtmlJson(mail.html) }} />
      <iframe
        id="mail-frame"
        title={mail.subject}
        hidden
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        style={{ width: '100%', height: '80vh', minHeight: 600, border: '1px solid #e6e6ea', background: '#ffffff' }}
      />
      <noscript>
        <p style={{ margin: '0 0 12px' }}>{texts.noScript}</p>
      </noscript>
      <details style={{ marginTop: 12 }}>
        <summary style={{ cursor: 'pointer', minHeight: 44, lineHeight: '44px' }}>{texts.plain}</summary>
        <pre style={{ whiteSpace: 'pre-wrap', background: '#ffffff', padding: 12, border: '1px solid #e6e6ea' }}>{mail.text}</pre>
      </details>
    </MailToolPage>,
  );
  return `<!DOCTYPE html>${markup}`;
}

/** A page showing a mail is nobody's to keep or index, and its links (a reset key) must not leak as a referrer. */
export function privateMailHeaders(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Robots-Tag', 'noindex');
  reply.header('Referrer-Policy', 'no-referrer');
}

/**
 * Whether this request may read a stored mail: it holds a real customer's name, email and address, so only the
 * order's own token (`?token=`, as in its confirmation link) or an admin may. Given by the app, which knows orders
 * and admins; the mail module knows neither.
 */
export type MayReadStoredMail = (req: FastifyRequest, mail: StoredMail) => Promise<boolean>;

/**
 * GET /mail/orderconfirmed/:mail? and /mail/ordershipped/:mail? (and under /en): without :mail, the mail
 * rendered from a sample order; with an outbox id, that stored mail exactly as it was sent, to those
 * `mayRead` lets in (anyone else gets the same 404 as for an unknown id, so ids cannot be probed).
 */
export function registerMailPreviews(fastify: FastifyInstance, deps: { db: Db; variant: ShopVariant; mayRead: MayReadStoredMail }) {
  for (const kind of ['orderconfirmed', 'ordershipped'] as const) {
    for (const language of ['sv', 'en'] as const) {
      const prefix = language === 'en' ? '/en' : '';
      fastify.get<{ Params: { mail?: string } }>(`${prefix}/mail/${kind}/:mail?`, async (req, reply) => {
        const id = req.params.mail;
        privateMailHeaders(reply);
        if (id) {
          const stored = await findMail(deps.db, id);
          // Unknown ids get the shop's own 404 page.
          if (!stored || stored.kind !== kind || !(await deps.mayRead(req, stored))) return reply.callNotFound();
          const page = mailLayoutPage(kind, stored.languageId, stored, mailPreviewTexts[stored.languageId].stored(stored.to));
          return reply.type('text/html; charset=utf-8').send(page);
        }
        const mail = renderOrderMail(kind, await sampleOrderMailData(deps.db, language), deps.variant);
        return reply.type('text/html; charset=utf-8').send(mailLayoutPage(kind, language, mail, mailPreviewTexts[language].sample));
      });
    }
  }
  // The account mails carry keys that set the password or move the account to another address: a stored one is
  // for those mayRead lets in (it has no order, so an admin only); the samples have made-up keys.
  const accountSamples: Record<'passwordreset' | EmailChangeMailKind, (language: LanguageId) => RenderedMail> = {
    passwordreset: (language) =>
      renderPasswordResetMail({ to: SAMPLE_EMAIL, language, resetUrl: `${routes.resetPassword(language)}?key=sample`, validMinutes: 60 }, deps.variant),
    emailconfirm: (language) =>
      renderEmailChangeMail({ kind: 'emailconfirm', to: SAMPLE_NEW_EMAIL, language, newEmail: SAMPLE_NEW_EMAIL, url: `${routes.emailChange(language)}?key=sample`, validHours: 24 }, deps.variant),
    emailchanged: (language) =>
      renderEmailChangeMail(
        { kind: 'emailchanged', to: SAMPLE_EMAIL, language, newEmail: SAMPLE_NEW_EMAIL, url: `${routes.emailChange(language)}?undo=1&key=sample`, validHours: 7 * 24 },
        deps.variant,
      ),
    emailtaken: (language) => renderEmailChangeMail({ kind: 'emailtaken', to: SAMPLE_NEW_EMAIL, language, newEmail: SAMPLE_NEW_EMAIL }, deps.variant),
  };
  for (const [kind, sample] of Object.entries(accountSamples) as [keyof typeof accountSamples, (language: LanguageId) => RenderedMail][]) {
    for (const language of ['sv', 'en'] as const) {
      const prefix = language === 'en' ? '/en' : '';
      fastify.get<{ Params: { mail?: string } }>(`${prefix}/mail/${kind}/:mail?`, async (req, reply) => {
        const id = req.params.mail;
        privateMailHeaders(reply);
        if (id) {
          const stored = await findMail(deps.db, id);
          if (!stored || stored.kind !== kind || !(await deps.mayRead(req, stored))) return reply.callNotFound();
          // Even an admin sees the key masked: a live key would let whoever sees the page set the password.
          const masked = { ...stored, text: maskResetKeys(stored.text), html: maskResetKeys(stored.html) };
          return reply.type('text/html; charset=utf-8').send(mailLayoutPage(kind, stored.languageId, masked, mailPreviewTexts[stored.languageId].stored(stored.to)));
        }
        return reply.type('text/html; charset=utf-8').send(mailLayoutPage(kind, language, sample(language), mailPreviewTexts[language].sample));
      });
    }
  }
}

/** GET /mail/render.js: the mail layout's render script, a static file (outside the page budget). */
export function registerMailRenderScript(fastify: FastifyInstance): void {
  fastify.get(MAIL_RENDER_SCRIPT_PATH, async (_req, reply) => {
    // Not hashed in its name, so kept briefly; it holds nothing personal.
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('text/javascript; charset=utf-8').send(MAIL_RENDER_SCRIPT);
  });
}

const SAMPLE_EMAIL = 'kund@example.se';
const SAMPLE_NEW_EMAIL = 'ny.adress@example.se';
