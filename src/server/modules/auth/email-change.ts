import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import type { Db, Queryable } from '../../db/client';
import type { RequestContext } from '../../request-context';
import type { UserInput } from '../../generated/api-types';
import { requireAccountOwner } from '../../signed-in';
import { changeCustomerEmail, findCustomerByEmail, requestedEmail, saveCustomerDetails, setCustomerPasswordHash, type CustomerRecord } from '../customer';
import { enqueueEmailChangeMail, maskMailKeys } from '../mail';
import { requireCurrentPassword } from './current-password';
import { addressMailBudgetKey, keyHashOf, newMailedKey, RESET_KEY_MINUTES } from './mailed-keys';
import { insertResetKey, spendCustomerKeys, spendLaterUndoKeys, takeResetKey } from './reset-key-store';
import { revokeCustomerSessions } from './session-store';
import type { CustomerSession } from './sessions';

/*
 * Moving an account to another sign-in address. The address is what a password reset is mailed to, so whoever
 * moves it owns the account; a stolen token alone must not be enough:
 * 1. updateUser with another email asks for the current password (current-password.ts), saves the other fields,
 *    and mails the new address a link (confirm-email key). The answer is the same whether or not another account
 *    has the address (that one is mailed a notice instead, with no link), so the API tells nobody which addresses
 *    are registered, and nobody can take an address that is not theirs.
 * 2. The link moves the account, ends its other sessions, and mails the old address that it happened, with a link
 *    that undoes it (undo-email key), valid for days: a change the owner did not make is theirs to undo.
 * 3. The undo link moves the account back, ends every session, and locks the password (the one who moved the
 *    account knew it): the page it opens sets a new one with a fresh reset key.
 * Keys are the reset keys' (reset-key-store.ts): random, stored as a hash, single-use, expiring.
 */

/** The new address's link works this long, once. */
export const CONFIRM_EMAIL_HOURS = 24;
/** The old address's undo link works this long, once: its owner may not read that mailbox for days. */
export const UNDO_EMAIL_HOURS = 7 * 24;

/**
 * A stored password that no password matches (verifyPassword knows only scrypt): after an undo, only a reset sets
 * one, as the one who moved the account knew the old.
 */
const LOCKED_PASSWORD = 'locked$email-change-undone';

const hoursFromNow = (hours: number, now: Date) => new Date(now.getTime() + hours * 3_600_000);

type AccountContext = Pick<RequestContext, 'db' | 'limits' | 'clientAddress' | 'origin' | 'variant' | 'customer'>;

/**
 * updateUser. Other fields than the email are saved as they are, without a password. Another email asks for the
 * password and starts the change (step 1 above); the answer is the customer as saved, still with the old address.
 * An admin shopping as the customer may save the rest, never another email.
 */
export async function updateUser(ctx: AccountContext, session: CustomerSession, input: UserInput, password: string | null | undefined, language: LanguageId): Promise<CustomerRecord> {
  const newEmail = await requestedEmail(ctx.db, session.customerId, input, language);
  if (newEmail !== null) {
    await requireAccountOwner(ctx);
    await requireCurrentPassword(ctx, session.customerId, password, language);
  }
  // Checked before the transaction (it may ask Redis); past it, the address gets no mail and the answer is the same.
  const mayMail = newEmail !== null && (await ctx.limits.passwordResetMails.take(addressMailBudgetKey(newEmail))).allowed;
  return ctx.db.transaction(async (tx) => {
    const saved = await saveCustomerDetails(tx, session.customerId, input, language);
    if (newEmail !== null && mayMail) await requestEmailChange(tx, ctx, { customerId: session.customerId, newEmail, language });
    return saved;
  });
}

async function requestEmailChange(tx: Queryable, deps: Pick<AccountContext, 'origin' | 'variant'>, change: { customerId: number; newEmail: string; language: LanguageId }) {
  const { customerId, newEmail: to, language } = change;
  const now = new Date();
  // Only the latest request counts: an earlier link stops working.
  await spendCustomerKeys(tx, customerId, now, ['confirm-email']);
  if (await findCustomerByEmail(tx, to)) {
    await enqueueEmailChangeMail(tx, { kind: 'emailtaken', to, language, newEmail: to }, deps.variant);
    return;
  }
  const { key, keyHash } = newMailedKey();
  await insertResetKey(tx, { keyHash, customerId, expiresAt: hoursFromNow(CONFIRM_EMAIL_HOURS, now), purpose: 'confirm-email', email: to });
  const url = `${deps.origin}${routes.emailChange(language)}?key=${key}`;
  await enqueueEmailChangeMail(tx, { kind: 'emailconfirm', to, language, newEmail: to, url, validHours: CONFIRM_EMAIL_HOURS }, deps.variant);
}

export type ConfirmOutcome = { email: string } | 'invalid' | 'taken';

/**
 * Step 2: the new address's link. `opener` is the session of the browser opening it, if signed in: when that is
 * the customer's own, it stays signed in; every other session ends.
 */
export async function confirmEmailChange(db: Db, deps: { origin: string; variant: ShopVariant }, key: string, opener: CustomerSession | null): Promise<ConfirmOutcome> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const taken = await takeResetKey(tx, keyHashOf(key), now, 'confirm-email');
    if (!taken?.email) return 'invalid';
    const { customerId, email } = taken;
    const before = await changeCustomerEmail(tx, customerId, email);
    // Registered by another account since the link was mailed: the key is spent, nothing else changes.
    if (!before) return 'taken';
    await maskMailKeys(tx, { key, kind: 'emailconfirm' });
    // Reset links mailed to the old address no longer reach the account's owner.
    await spendCustomerKeys(tx, customerId, now, ['reset', 'confirm-email']);
    const keep = opener?.customerId === customerId && opener.shopAsAdminId === null ? opener.sessionId : undefined;
    await revokeCustomerSessions(tx, customerId, now, keep);
    if (before.email.toLowerCase() !== email.toLowerCase()) {
      const undo = newMailedKey();
      await insertResetKey(tx, { keyHash: undo.keyHash, customerId, expiresAt: hoursFromNow(UNDO_EMAIL_HOURS, now), purpose: 'undo-email', email: before.email });
      const url = `${deps.origin}${routes.emailChange(before.languageId)}?undo=1&key=${undo.key}`;
      await enqueueEmailChangeMail(
        tx,
        { kind: 'emailchanged', to: before.email, language: before.languageId, newEmail: email, url, validHours: UNDO_EMAIL_HOURS },
        deps.variant,
      );
    }
    return { email };
  });
}

export type UndoOutcome = { email: string; resetKey: string } | 'invalid' | 'taken';

/**
 * Step 3: the old address's link. Older undo links stay valid (one who moved the account twice must not be able
 * to spend the owner's link by undoing their own move); newer ones end with it (else that second move's link,
 * mailed to the taker's address, would take the account back after the owner's undo).
 */
export async function undoEmailChange(db: Db, key: string): Promise<UndoOutcome> {
  const now = new Date();
  const addressTaken = new Error('The address to restore belongs to another account');
  return db
    .transaction(async (tx): Promise<UndoOutcome> => {
      const taken = await takeResetKey(tx, keyHashOf(key), now, 'undo-email');
      if (!taken?.email) return 'invalid';
      const { customerId, email } = taken;
      // Another account has the address now: only a person can sort that out, so the key stays unspent for after.
      if (!(await changeCustomerEmail(tx, customerId, email))) throw addressTaken;
      await maskMailKeys(tx, { key, kind: 'emailchanged' });
      await spendCustomerKeys(tx, customerId, now, ['reset', 'confirm-email']);
      await spendLaterUndoKeys(tx, customerId, keyHashOf(key), now);
      await revokeCustomerSessions(tx, customerId, now);
      await setCustomerPasswordHash(tx, customerId, LOCKED_PASSWORD);
      const reset = newMailedKey();
      await insertResetKey(tx, { keyHash: reset.keyHash, customerId, expiresAt: new Date(now.getTime() + RESET_KEY_MINUTES * 60_000) });
      return { email, resetKey: reset.key };
    })
    .catch((error: unknown) => {
      if (error === addressTaken) return 'taken';
      throw error;
    });
}
