import { z } from 'zod';
import type { LanguageId } from '../../../shared/locales';
import type { Queryable } from '../../db/client';
import { keyMailKinds, type MailKind, type RenderedMail } from './types';

export interface OutboxMail extends RenderedMail {
  kind: MailKind;
  to: string;
  languageId: LanguageId;
  /** The order the mail is about: whoever holds that order's token may read the stored mail. */
  orderId?: string | null;
}

export interface StoredMail extends OutboxMail {
  id: string;
  orderId: string | null;
  /** Random, and not the outbox id: it travels in every copy and reply of the sent mail. */
  messageId: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** After this many failed attempts a mail stays in the outbox with its last error, for a person to look at. */
export const MAX_ATTEMPTS = 8;
/** How long a sender may take over one mail before another instance may try it. */
const LEASE_SECONDS = 120;

/**
 * Seconds to wait after the nth failed attempt: 30 s, 1 min, 2 min, 4 min … up to an hour, so a mail
 * server that is down for a while is not hammered and a short hiccup costs little delay.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues a mail for delivery. Pass the transaction that records the order (or its status change) so the
 * mail exists exactly when the change does. Returns the outbox id, which is also the preview address.
 */
export async function enqueueMail(db: Queryable, mail: OutboxMail): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, to_address, subject, html, text, language_id, order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [mail.kind, mail.to.trim(), mail.subject, mail.html, mail.text, mail.languageId, mail.orderId ?? null],
  );
  return row!.id;
}

interface OutboxRow {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  language_id: LanguageId;
  order_id: string | null;
  message_id: string;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
}

function fromRow(row: OutboxRow): StoredMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    languageId: row.language_id,
    orderId: row.order_id,
    messageId: row.message_id,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    attempts: row.attempts,
    lastError: row.last_error,
  };
}

const mailId = z.guid();

/** One stored mail by id; null for an unknown or malformed id. */
export async function findMail(db: Queryable, id: string): Promise<StoredMail | null> {
  if (!mailId.safeParse(id).success) return null;
  const [row] = await db.query<OutboxRow>('SELECT * FROM mail_outbox WHERE id = $1', [id]);
  return row ? fromRow(row) : null;
}

/** What a list of mails shows of each: not the bodies, which a list has no use for. */
export type MailSummary = Pick<StoredMail, 'id' | 'kind' | 'to' | 'subject' | 'createdAt' | 'sentAt'>;

/** The newest `limit` stored mails, newest first, sent or not (the development mailbox lists them). */
export async function listMails(db: Queryable, limit: number): Promise<MailSummary[]> {
  const rows = await db.query<Pick<OutboxRow, 'id' | 'kind' | 'to_address' | 'subject' | 'created_at' | 'sent_at'>>(
    'SELECT id, kind, to_address, subject, created_at, sent_at FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({ id: row.id, kind: row.kind, to: row.to_address, subject: row.subject, createdAt: row.created_at, sentAt: row.sent_at }));
}

/**
 * Takes up to `limit` due mails, oldest first, and leases them to this sender. SKIP LOCKED lets concurrent
 * senders pass over rows another one is claiming, and the lease keeps them off while it delivers; the claim
 * is one statement, so no transaction stays open during the (slow) SMTP conversation.
 */
export async function claimDueMails(db: Queryable, limit: number): Promise<StoredMail[]> {
  const rows = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET locked_until = clock_timestamp() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE sent_at IS NULL AND attempts < $3 AND next_attempt_at <= clock_timestamp()
         AND (locked_until IS NULL OR locked_until < clock_timestamp())
       ORDER BY created_at, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING *`,
    [limit, LEASE_SECONDS, MAX_ATTEMPTS],
  );
  return rows.map(fromRow).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/*
 * A reset mail's link holds a key that sets the account's password, and an e-mail change's links keys that move the
 * account to another address or back (keyMailKinds). The outbox keeps a key only while it may still be needed (the
 * mail is unsent and the key unused and unexpired): the key is then cut to its first four characters, which still
 * tell a person which mail it was, and can no longer be used.
 */
const RESET_KEY_PATTERN = 'key=([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{4,}';
const MASKED_KEY = 'key=\\1********';
const maskSql = (column: 'text' | 'html') => `regexp_replace(${column}, '${RESET_KEY_PATTERN}', '${MASKED_KEY}', 'g')`;
const KEY_KINDS_SQL = keyMailKinds.map((kind) => `'${kind}'`).join(', ');

/** The mail's text with every reset key masked, as the outbox keeps it once the key is of no more use. */
export function maskResetKeys(text: string): string {
  return text.replace(new RegExp(RESET_KEY_PATTERN, 'g'), 'key=$1********');
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = clock_timestamp(), locked_until = NULL, last_error = NULL,
       text = CASE WHEN kind IN (${KEY_KINDS_SQL}) THEN ${maskSql('text')} ELSE text END,
       html = CASE WHEN kind IN (${KEY_KINDS_SQL}) THEN ${maskSql('html')} ELSE html END
     WHERE id = $1`,
    [id],
  );
}

/**
 * Masks the key in stored mails of `kind` (the reset mail unless named): those whose link holds `key` (it was
 * used), and those queued before `createdBefore` (their keys have expired).
 */
export async function maskMailKeys(
  db: Queryable,
  which: { key?: string; createdBefore?: Date; kind?: (typeof keyMailKinds)[number] },
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET text = ${maskSql('text')}, html = ${maskSql('html')}
     WHERE kind = $3
       AND (($1::text IS NOT NULL AND strpos(text, 'key=' || $1::text) > 0) OR ($2::timestamptz IS NOT NULL AND created_at < $2::timestamptz))
       AND text ~ '${RESET_KEY_PATTERN}'`,
    [which.key ?? null, which.createdBefore ?? null, which.kind ?? 'passwordreset'],
  );
}

/** Records why delivery failed and when to try again (attempts was counted when the mail was claimed). */
export async function markFailed(db: Queryable, mail: StoredMail, error: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET last_error = $2, locked_until = NULL,
       next_attempt_at = clock_timestamp() + make_interval(secs => $3)
     WHERE id = $1`,
    [mail.id, error.slice(0, 1000), retryDelaySeconds(mail.attempts)],
  );
}

/**
 * Removes a deleted account's stored mails, sent or not (they hold the person's name and address): those of its
 * orders, and the account mails (password reset, e-mail change) to its addresses (only an account's addresses ever
 * get one). Never every mail to an address: a guest's order mails to the same address are not the account's.
 */
export async function deleteMailsOf(db: Queryable, orderIds: readonly string[], emails: readonly string[]): Promise<void> {
  await db.query(
    `DELETE FROM mail_outbox WHERE order_id = ANY($1::text[])
       OR (kind IN ('passwordreset', 'emailconfirm', 'emailchanged', 'emailtaken') AND lower(to_address) = ANY($2::text[]))`,
    [orderIds, emails.map((email) => email.trim().toLowerCase())],
  );
}
