import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LanguageId } from '../../../shared/locales';
import type { Db } from '../../db/client';
import { t } from '../../i18n';
import { findMail, listMails, type MailSummary, type StoredMail } from './outbox-store';
import { MailToolPage, mailLayoutPage, privateMailHeaders } from './preview';
import { mailPreviewTexts } from './texts';

/** Where the development mailbox lives (and `/en` before it in English). */
export const MAILBOX_PATH = '/dev/mailbox';
/** More than a session of trying the shop queues; older mails stay in the outbox, unlisted. */
const LISTED_MAILS = 50;

/** The web links of a mail, each once, in order: from its text part, which every mail kind writes them into. */
export function mailLinks(mail: Pick<StoredMail, 'text'>): string[] {
  return [...new Set(mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/** UTC, so the page reads the same on any machine; minutes are enough to tell mails apart. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const status = (mail: MailSummary, language: LanguageId) => (mail.sentAt ? t(language, 'mail.mailbox.sent') : t(language, 'mail.mailbox.queued'));

function listPage(language: LanguageId, prefix: string, mails: readonly MailSummary[]): string {
  const title = t(language, 'mail.mailbox.title');
  const markup = renderToStaticMarkup(
    <MailToolPage language={language} title={title}>
      <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>{title}</h1>
      <p style={{ margin: '0 0 12px', color: '#5c5c66', fontSize: 14 }}>{t(language, 'mail.mailbox.intro')}</p>
      {mails.length === 0 ? (
        <p>{t(language, 'mail.mailbox.empty')}</p>
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mails.map((mail) => (
            <li key={mail.id} style={{ background: '#ffffff', border: '1px solid #e6e6ea', marginBottom: 8 }}>
              <a href={`${prefix}${MAILBOX_PATH}/${mail.id}`} style={{ display: 'block', padding: 12, minHeight: 44, color: 'inherit', overflowWrap: 'anywhere' }}>
                <strong>{mail.subject}</strong>
                <br />
                <span style={{ fontSize: 14, color: '#5c5c66' }}>
                  {`${mailPreviewTexts[language].title[mail.kind]} · ${t(language, 'mail.mailbox.to', { to: mail.to })} · ${when(mail.createdAt)} · ${status(mail, language)}`}
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </MailToolPage>,
  );
  return `<!DOCTYPE html>${markup}`;
}

function mailPage(language: LanguageId, prefix: string, mail: StoredMail): string {
  const links = mailLinks(mail);
  const aside = (
    <nav style={{ margin: '0 0 12px' }}>
      <p style={{ margin: '0 0 4px' }}>
        <a href={`${prefix}${MAILBOX_PATH}`}>{t(language, 'mail.mailbox.back')}</a>
      </p>
      {links.length > 0 && (
        <>
          <h2 style={{ fontSize: 16, margin: '8px 0 4px' }}>{t(language, 'mail.mailbox.links')}</h2>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {links.map((link) => (
              <li key={link} style={{ overflowWrap: 'anywhere', minHeight: 44 }}>
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
  const note = `${t(language, 'mail.mailbox.to', { to: mail.to })} · ${when(mail.createdAt)} · ${status(mail, language)}`;
  return mailLayoutPage(mail.kind, language, mail, note, aside);
}

/**
 * GET /dev/mailbox (and /en/dev/mailbox): every queued mail, newest first, and each one as it is stored, with its
 * links, so a reset link works while its key does (the outbox masks a key once the mail is sent or the key used or
 * expired). It shows every customer's mails to anyone who reaches it: the app registers it only outside a
 * deployment, so in one these paths are the shop's 404.
 */
/**
 * Only a browser on this machine, asking for this machine by name: a shop others reach without an https
 * PUBLIC_URL (a LAN address, a staging box behind a TLS proxy) would otherwise hand anyone a live reset link, and a
 * site whose name resolves to 127.0.0.1 (DNS rebinding) would have the developer's own browser read it. The
 * socket's address, never X-Forwarded-For: a proxy in front would make every shopper look local.
 */
export function askedFromThisMachine(req: FastifyRequest): boolean {
  const remote = req.socket.remoteAddress;
  if (!remote || !ipaddr.isValid(remote)) return false;
  const parsed = ipaddr.process(remote);
  if (parsed.range() !== 'loopback') return false;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');
}

export function registerDevMailbox(fastify: FastifyInstance, deps: { db: Db }) {
  fastify.addHook('onRequest', async (req, reply) => {
    if (req.url.replace(/^\/en(?=\/)/, '').startsWith(MAILBOX_PATH) && !askedFromThisMachine(req)) return reply.callNotFound();
  });
  for (const language of ['sv', 'en'] as const) {
    const prefix = language === 'en' ? '/en' : '';
    fastify.get(`${prefix}${MAILBOX_PATH}`, async (_req, reply) => {
      privateMailHeaders(reply);
      return reply.type('text/html; charset=utf-8').send(listPage(language, prefix, await listMails(deps.db, LISTED_MAILS)));
    });
    fastify.get<{ Params: { mail: string } }>(`${prefix}${MAILBOX_PATH}/:mail`, async (req, reply) => {
      privateMailHeaders(reply);
      const mail = await findMail(deps.db, req.params.mail);
      if (!mail) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').send(mailPage(language, prefix, mail));
    });
  }
}
