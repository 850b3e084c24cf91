import type { Queryable } from '../../db/client';
import { isLanguageId, type LanguageId } from '../../../shared/locales';
import type { CustomerType, Gender } from '../../generated/api-types';
import type { CustomerDetails, CustomerRecord } from './models';

interface CustomerRow {
  customer_id: number;
  email: string;
  customer_type: CustomerType;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  gender: Gender;
  care_of: string | null;
  street_address: string | null;
  address_line2: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  personal_id_number: string | null;
  organisation_id_number: string | null;
  company_name: string | null;
  newsletter_consent: boolean;
  language_id: string;
}

// Never password_hash: the details side of the table is read without it.
const customerColumns = `customer_id, email, customer_type, first_name, last_name, phone_number, gender, care_of, street_address,
  address_line2, zip, city, country, personal_id_number, organisation_id_number, company_name, newsletter_consent, language_id`;

function toCustomer(r: CustomerRow): CustomerRecord {
  return {
    customerId: r.customer_id,
    email: r.email,
    customerType: r.customer_type,
    firstName: r.first_name,
    lastName: r.last_name,
    phoneNumber: r.phone_number,
    gender: r.gender,
    careOf: r.care_of,
    streetAddress: r.street_address,
    addressLine2: r.address_line2,
    zip: r.zip,
    city: r.city,
    country: r.country,
    personalIdNumber: r.personal_id_number,
    organisationIdNumber: r.organisation_id_number,
    companyName: r.company_name,
    newsletterConsent: r.newsletter_consent,
    languageId: isLanguageId(r.language_id) ? r.language_id : 'sv',
  };
}

export async function selectCustomer(db: Queryable, customerId: number, lock = false): Promise<CustomerRecord | null> {
  const [row] = await db.query<CustomerRow>(`SELECT ${customerColumns} FROM customers WHERE customer_id = $1${lock ? ' FOR UPDATE' : ''}`, [customerId]);
  return row ? toCustomer(row) : null;
}

/** Saves the details; false when another account has the email (in any letter case). */
export async function updateCustomer(tx: Queryable, customerId: number, d: CustomerDetails): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE customers SET email = $2, customer_type = $3, first_name = $4, last_name = $5, phone_number = $6, gender = $7,
       care_of = $8, street_address = $9, address_line2 = $10, zip = $11, city = $12, country = $13, personal_id_number = $14,
       organisation_id_number = $15, company_name = $16, newsletter_consent = $17, updated_at = now()
     WHERE customer_id = $1
       AND NOT EXISTS (SELECT 1 FROM customers o WHERE lower(o.email) = lower($2) AND o.customer_id <> $1)
     RETURNING 1`,
    [
      customerId,
      d.email,
      d.customerType,
      d.firstName,
      d.lastName,
      d.phoneNumber,
      d.gender,
      d.careOf,
      d.streetAddress,
      d.addressLine2,
      d.zip,
      d.city,
      d.country,
      d.personalIdNumber,
      d.organisationIdNumber,
      d.companyName,
      d.newsletterConsent,
    ],
  );
  return rows.length > 0;
}

/** Moves the account to another sign-in address; false when another account has it (in any letter case). */
export async function updateCustomerEmail(tx: Queryable, customerId: number, email: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE customers SET email = $2, updated_at = now()
     WHERE customer_id = $1 AND NOT EXISTS (SELECT 1 FROM customers o WHERE lower(o.email) = lower($2) AND o.customer_id <> $1)
     RETURNING 1`,
    [customerId, email.trim()],
  );
  return rows.length > 0;
}

/** Removes the account; its sessions, reset keys, shop-as links, store credit and cart go with it (they cascade). */
export async function deleteCustomer(tx: Queryable, customerId: number): Promise<void> {
  await tx.query('DELETE FROM customers WHERE customer_id = $1', [customerId]);
}

/**
 * Whether the customer exists, held (FOR KEY SHARE, as a reference to the row holds it) so the account cannot be
 * deleted before the caller's transaction ends; details may still be saved meanwhile.
 */
export async function holdCustomer(tx: Queryable, customerId: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM customers WHERE customer_id = $1 FOR KEY SHARE', [customerId]);
  return rows.length > 0;
}

/** Signs the address up once, whatever its letter case; asking again changes nothing. */
export async function insertNewsletterSubscription(db: Queryable, email: string, languageId: LanguageId): Promise<void> {
  await db.query('INSERT INTO newsletter_subscriptions (email, language_id) VALUES ($1, $2) ON CONFLICT ((lower(email))) DO NOTHING', [email, languageId]);
}

export async function deleteNewsletterSubscription(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM newsletter_subscriptions WHERE lower(email) = lower($1)', [email]);
}
