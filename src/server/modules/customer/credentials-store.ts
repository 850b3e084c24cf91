import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';

/** What signing in needs of a customer: who they are and the slow hash their password is checked against. */
export interface CustomerCredentials {
  customerId: number;
  email: string;
  passwordHash: string;
  languageId: LanguageId;
}

export interface NewCustomer {
  email: string;
  passwordHash: string;
  customerType: 'PERSON' | 'ORGANIZATION';
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  organisationIdNumber?: string | null;
  newsletterConsent: boolean;
  languageId: LanguageId;
}

interface CredentialsRow {
  customer_id: number;
  email: string;
  password_hash: string;
  language_id: LanguageId;
}

const toCredentials = (row: CredentialsRow): CustomerCredentials => ({
  customerId: row.customer_id,
  email: row.email,
  passwordHash: row.password_hash,
  languageId: row.language_id,
});

/** The new customer's id; null when an account already has the address (whatever its case). */
export async function insertCustomer(db: Queryable, customer: NewCustomer): Promise<number | null> {
  const [row] = await db.query<{ customer_id: number }>(
    `INSERT INTO customers (email, password_hash, customer_type, first_name, last_name, company_name, organisation_id_number, newsletter_consent, language_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING customer_id`,
    [
      customer.email.trim(),
      customer.passwordHash,
      customer.customerType,
      customer.firstName ?? null,
      customer.lastName ?? null,
      customer.companyName ?? null,
      customer.organisationIdNumber ?? null,
      customer.newsletterConsent,
      customer.languageId,
    ],
  );
  return row?.customer_id ?? null;
}

export async function findCustomerByEmail(db: Queryable, email: string): Promise<CustomerCredentials | null> {
  const [row] = await db.query<CredentialsRow>(
    'SELECT customer_id, email, password_hash, language_id FROM customers WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  return row ? toCredentials(row) : null;
}

export async function findCustomerCredentials(db: Queryable, customerId: number): Promise<CustomerCredentials | null> {
  const [row] = await db.query<CredentialsRow>('SELECT customer_id, email, password_hash, language_id FROM customers WHERE customer_id = $1', [customerId]);
  return row ? toCredentials(row) : null;
}

export async function setCustomerPasswordHash(db: Queryable, customerId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE customers SET password_hash = $2, updated_at = now() WHERE customer_id = $1', [customerId, passwordHash]);
}
