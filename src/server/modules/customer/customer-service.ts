import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { isValidEmail } from '../../../shared/email';
import { invalidFields } from '../../domain-error';
import type { UserInput } from '../../generated/api-types';
import { checkoutTexts, customerFieldErrors, emptyCheckout, mergeCheckout, type CustomerFields } from '../checkout';
import { forgetMails } from '../mail';
import { eraseCustomerOrders, orderNumbersOf } from '../order';
import {
  deleteCustomer,
  deleteNewsletterSubscription,
  insertNewsletterSubscription,
  holdCustomer,
  selectCustomer,
  updateCustomer,
  updateCustomerEmail,
} from './customer-store';
import { insertCustomer, type NewCustomer } from './credentials-store';
import { accountTexts } from './messages';
import type { CustomerDetails, CustomerRecord } from './models';
import { bookCredit, creditMovements } from '../store-credit';

/**
 * A new account (registering): its id, or null when an account already has the address. Consent to the newsletter
 * signs the address up in the same transaction, as giving it later in the settings does.
 */
export async function createCustomer(db: Db, customer: NewCustomer): Promise<number | null> {
  return db.transaction(async (tx) => {
    const customerId = await insertCustomer(tx, customer);
    if (customerId !== null && customer.newsletterConsent) await insertNewsletterSubscription(tx, customer.email.trim(), customer.languageId);
    return customerId;
  });
}

/** The customer a valid session names; the session's row goes with the account, so it exists. */
export async function findCustomer(db: Queryable, customerId: number): Promise<CustomerRecord> {
  const customer = await selectCustomer(db, customerId);
  if (!customer) throw new Error(`Customer ${customerId} of a valid session does not exist`);
  return customer;
}

const detailsOf = ({ customerId: _id, languageId: _language, ...details }: CustomerRecord): CustomerDetails => details;

/**
 * The input over the saved details, by the checkout's own rule (a field left out keeps its value, null clears
 * it, strings are trimmed, the country upper-cased and SE when cleared), so the account and checkout keep an
 * address alike.
 */
function mergeDetails(saved: CustomerDetails, input: UserInput): CustomerDetails {
  const { gender, ...fields } = input;
  const merged = mergeCheckout({ ...emptyCheckout(), ...saved }, fields);
  const customerFields: CustomerFields = {
    customerType: merged.customerType,
    email: merged.email,
    firstName: merged.firstName,
    lastName: merged.lastName,
    phoneNumber: merged.phoneNumber,
    careOf: merged.careOf,
    streetAddress: merged.streetAddress,
    addressLine2: merged.addressLine2,
    zip: merged.zip,
    city: merged.city,
    country: merged.country,
    personalIdNumber: merged.personalIdNumber,
    organisationIdNumber: merged.organisationIdNumber,
    companyName: merged.companyName,
  };
  return {
    ...customerFields,
    email: merged.email ?? '',
    gender: gender === undefined ? saved.gender : (gender ?? 'UNSPECIFIED'),
    newsletterConsent: merged.newsletterConsent,
  };
}

/** The input over the saved details, checked with the checkout's rules and texts: every bad field's text, or none. */
function checkedDetails(saved: CustomerRecord, input: UserInput, languageId: LanguageId): CustomerDetails {
  const t = checkoutTexts(languageId);
  const next = mergeDetails(detailsOf(saved), input);
  // The email is the one field an account cannot do without.
  const errors = customerFieldErrors({ ...next, email: next.email === '' ? null : next.email }, t);
  if (next.email === '' && !errors.some((e) => e.field === 'email')) errors.unshift({ field: 'email', message: t.required });
  if (errors.length > 0) throw invalidFields(t.fieldsInvalid, Object.fromEntries(errors.map((e) => [e.field, e.message])));
  return next;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * updateUser's first step: the input checked as it would be saved (a bad field refuses the whole change with every
 * bad field's text), and the address it asks the account to move to; null when it keeps the account's own
 * (in any letter case).
 */
export async function requestedEmail(db: Queryable, customerId: number, input: UserInput, languageId: LanguageId): Promise<string | null> {
  const saved = await findCustomer(db, customerId);
  const next = checkedDetails(saved, input, languageId);
  return sameAddress(next.email, saved.email) ? null : next.email;
}

/**
 * updateUser's save, in the caller's transaction: checked as requestedEmail checks it. It never moves the account
 * to another address (the email changes here in letter case only): that waits until the new address has
 * confirmed it (changeCustomerEmail, called by modules/auth), so a customer cannot claim an address that is not
 * theirs, nor learn whether another account has it. Consenting to the newsletter signs the account's address up;
 * withdrawing the consent takes it off.
 */
export async function saveCustomerDetails(tx: Queryable, customerId: number, input: UserInput, languageId: LanguageId): Promise<CustomerRecord> {
  const saved = await selectCustomer(tx, customerId, true);
  if (!saved) throw new Error(`Customer ${customerId} of a valid session does not exist`);
  const checked = checkedDetails(saved, input, languageId);
  const next = { ...checked, email: sameAddress(checked.email, saved.email) ? checked.email : saved.email };
  // The unique index still has the last word; with the address unchanged (but for its case) it cannot refuse.
  if (!(await updateCustomer(tx, customerId, next))) throw new Error(`Customer ${customerId}'s own address was refused`);
  if (next.newsletterConsent && !saved.newsletterConsent) await insertNewsletterSubscription(tx, next.email, languageId);
  if (saved.newsletterConsent && !next.newsletterConsent) await deleteNewsletterSubscription(tx, saved.email);
  return (await selectCustomer(tx, customerId))!;
}

/**
 * Moves the account to another sign-in address, in the caller's transaction: a new address its owner confirmed,
 * or the old one an undo link brings back (modules/auth/email-change.ts). The newsletter sign-up follows the
 * address. Answers the customer as they were before, or null when another account has the address now.
 */
export async function changeCustomerEmail(tx: Queryable, customerId: number, email: string): Promise<CustomerRecord | null> {
  const saved = await selectCustomer(tx, customerId, true);
  if (!saved) return null;
  if (!(await updateCustomerEmail(tx, customerId, email))) return null;
  if (saved.newsletterConsent && !sameAddress(saved.email, email)) {
    await deleteNewsletterSubscription(tx, saved.email);
    await insertNewsletterSubscription(tx, email, saved.languageId);
  }
  return saved;
}

/**
 * deleteUser, in one transaction: the orders stay for the bookkeeping, unlinked and without the person's details
 * (the order module says what is kept); the stored mails of those orders and the account's own mails (reset,
 * e-mail change: to its address and to `formerAddresses`, those it moved from or asked to move to) are removed,
 * and the newsletter sign-up when the account had given that consent; then the account, which takes its sessions
 * (every token stops working at once), keys, shop-as links, store credit and cart with it.
 * Nothing else is erased by address alone: a guest's order mails, back-in-stock requests or sign-up made with the
 * same address are not the account's to erase.
 */
export async function deleteCustomerAccount(db: Db, customerId: number, formerAddresses: readonly string[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await selectCustomer(tx, customerId, true);
    if (!saved) return;
    const orderIds = await eraseCustomerOrders(tx, customerId);
    await forgetMails(tx, { orderIds, emails: [saved.email, ...formerAddresses] });
    if (saved.newsletterConsent) await deleteNewsletterSubscription(tx, saved.email);
    await deleteCustomer(tx, customerId);
  });
}

export interface CreditBalance {
  balanceMinor: number;
  movements: CreditBalanceMovement[];
}

export interface CreditBalanceMovement {
  amountMinor: number;
  /** The admin's text, or the order kinds' worded in the reader's language. */
  description: string;
  orderNumber: number | null;
  /** ISO 8601 (UTC): the client formats it in the shop's time zone. */
  createdAt: string;
  balanceAfterMinor: number;
}

/** The store credit: the balance, and the movements newest first with the order each names and the balance after it. */
export async function creditBalance(db: Db, customerId: number, languageId: LanguageId): Promise<CreditBalance> {
  const movements = await creditMovements(db, customerId);
  const numbers = await orderNumbersOf(db, [...new Set(movements.flatMap((m) => (m.orderId ? [m.orderId] : [])))]);
  const texts = accountTexts(languageId);
  return {
    // The newest movement's balance after it is the balance: one read, so the list and the sum always agree.
    balanceMinor: movements[0]?.balanceAfterMinor ?? 0,
    movements: movements.map((m) => ({
      amountMinor: m.amountMinor,
      description: m.kind === 'ORDER' ? texts.creditDrawn : m.kind === 'ORDER_RETURN' ? texts.creditReturned : m.description,
      orderNumber: m.orderId ? (numbers.get(m.orderId) ?? null) : null,
      createdAt: m.createdAt,
      balanceAfterMinor: m.balanceAfterMinor,
    })),
  };
}

/**
 * An admin adds store credit (or takes some back with a negative amount); the balance never goes below zero
 * (modules/store-credit books it). The customer is held (not locked for update) while it is booked.
 */
export function addCredit(db: Db, customerId: number, amountMinor: number, description: string): Promise<void> {
  return bookCredit(db, customerId, amountMinor, description, (tx) => holdCustomer(tx, customerId));
}

/** subscribeToNewsletter: the same address twice (any letter case) is one sign-up; answers the confirmation. */
export async function subscribeToNewsletter(db: Db, email: string, languageId: LanguageId): Promise<string> {
  const texts = accountTexts(languageId);
  const address = email.trim();
  if (!isValidEmail(address)) throw invalidFields(texts.email, { email: texts.email });
  await insertNewsletterSubscription(db, address, languageId);
  return texts.newsletterRegistered;
}
