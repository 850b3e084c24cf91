import type { Db } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { isValidEmail } from '../../../shared/email';
import { badInput, invalidFields } from '../../graphql/errors';
import type { UserInput } from '../../graphql/generated/resolvers-types';
import { checkoutTexts, customerFieldErrors, emptyCheckout, mergeCheckout, type CustomerFields } from '../checkout';
import { forgetMails } from '../mail';
import { eraseCustomerOrders, orderNumbersOf } from '../order';
import {
  deleteCustomer,
  deleteNewsletterSubscription,
  emailBelongsToAnother,
  insertCreditMovement,
  insertNewsletterSubscription,
  lockCustomer,
  selectCreditMovements,
  selectCustomer,
  sumCredit,
  updateCustomer,
} from './customer-store';
import { insertCustomer, type NewCustomer } from './credentials-store';
import { accountTexts } from './messages';
import type { CreditMovement, CustomerDetails, CustomerRecord } from './models';

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
export async function findCustomer(db: Db, customerId: number): Promise<CustomerRecord> {
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

/**
 * updateUser: checked with the checkout's rules and texts (the email is the one field an account cannot do
 * without); a bad field refuses the whole change with every bad field's text. An email another account has is
 * refused with the spec's text. Consenting to the newsletter signs the account's address up; withdrawing the
 * consent takes it off.
 */
export async function updateCustomerDetails(db: Db, customerId: number, input: UserInput, languageId: LanguageId): Promise<CustomerRecord> {
  const t = checkoutTexts(languageId);
  const texts = accountTexts(languageId);
  return db.transaction(async (tx) => {
    const saved = await selectCustomer(tx, customerId, true);
    if (!saved) throw new Error(`Customer ${customerId} of a valid session does not exist`);
    const next = mergeDetails(detailsOf(saved), input);
    const errors = customerFieldErrors({ ...next, email: next.email === '' ? null : next.email }, t);
    if (next.email === '' && !errors.some((e) => e.field === 'email')) errors.unshift({ field: 'email', message: t.required });
    if (errors.length > 0) throw invalidFields(t.fieldsInvalid, Object.fromEntries(errors.map((e) => [e.field, e.message])));
    const emailChanged = next.email.toLowerCase() !== saved.email.toLowerCase();
    const taken = () => invalidFields(texts.emailTaken, { email: texts.emailTaken });
    if (emailChanged && (await emailBelongsToAnother(tx, next.email, customerId))) throw taken();
    if (!(await updateCustomer(tx, customerId, next))) throw taken();
    if (next.newsletterConsent && (!saved.newsletterConsent || emailChanged)) await insertNewsletterSubscription(tx, next.email, languageId);
    if (saved.newsletterConsent && (!next.newsletterConsent || emailChanged)) await deleteNewsletterSubscription(tx, saved.email);
    return (await selectCustomer(tx, customerId))!;
  });
}

/**
 * deleteUser, in one transaction: the orders stay for the bookkeeping, unlinked and without the person's details
 * (the order module says what is kept); the stored mails of those orders and the account's reset mails are
 * removed, and the newsletter sign-up when the account had given that consent; then the account, which takes its
 * sessions (every token stops working at once), reset keys, shop-as links, store credit and cart with it.
 * Nothing is erased by address alone: an account's email is not verified, so a guest's order mails, back-in-stock
 * requests or sign-up made with the same address are not the account's to erase.
 */
export async function deleteCustomerAccount(db: Db, customerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await selectCustomer(tx, customerId, true);
    if (!saved) return;
    const orderIds = await eraseCustomerOrders(tx, customerId);
    await forgetMails(tx, { orderIds, email: saved.email });
    if (saved.newsletterConsent) await deleteNewsletterSubscription(tx, saved.email);
    await deleteCustomer(tx, customerId);
  });
}

export interface CreditBalance {
  balanceMinor: number;
  movements: (CreditMovement & { orderNumber: number | null })[];
}

/** The store credit: the sum of the movements, and the movements newest first with the order each names. */
export async function creditBalance(db: Db, customerId: number): Promise<CreditBalance> {
  const movements = await selectCreditMovements(db, customerId);
  const numbers = await orderNumbersOf(db, [...new Set(movements.flatMap((m) => (m.orderId ? [m.orderId] : [])))]);
  return {
    balanceMinor: await sumCredit(db, customerId),
    movements: movements.map((m) => ({ ...m, orderNumber: m.orderId ? (numbers.get(m.orderId) ?? null) : null })),
  };
}

/** The most one movement may add or take, in öre (a typo of a few zeros is refused rather than booked). */
export const MAX_CREDIT_MOVEMENT_MINOR = 10_000_000;

/**
 * An admin adds store credit (or takes some back with a negative amount). Movements of one customer are booked
 * one at a time, and the balance never goes below zero.
 */
export async function addCredit(db: Db, customerId: number, amountMinor: number, description: string): Promise<void> {
  if (!Number.isInteger(amountMinor) || amountMinor === 0 || Math.abs(amountMinor) > MAX_CREDIT_MOVEMENT_MINOR) {
    throw badInput(`amount must be non-zero and at most ${MAX_CREDIT_MOVEMENT_MINOR / 100} kronor either way, in whole öre`);
  }
  const text = description.trim();
  if (text.length === 0 || text.length > 200) throw badInput('description must be 1 to 200 characters');
  await db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, customerId))) throw badInput(`There is no customer with id ${customerId}`);
    if ((await sumCredit(tx, customerId)) + amountMinor < 0) throw badInput('The store credit cannot go below zero');
    await insertCreditMovement(tx, customerId, amountMinor, text);
  });
}

/** subscribeToNewsletter: the same address twice (any letter case) is one sign-up; answers the confirmation. */
export async function subscribeToNewsletter(db: Db, email: string, languageId: LanguageId): Promise<string> {
  const texts = accountTexts(languageId);
  const address = email.trim();
  if (!isValidEmail(address)) throw invalidFields(texts.email, { email: texts.email });
  await insertNewsletterSubscription(db, address, languageId);
  return texts.newsletterRegistered;
}
