import type { CustomerType, Gender } from '../../generated/api-types';
import type { LanguageId } from '../../../shared/locales';

/** A customer's own details (table customers, without the credentials). */
export interface CustomerRecord {
  customerId: number;
  email: string;
  customerType: CustomerType;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  gender: Gender;
  careOf: string | null;
  streetAddress: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  personalIdNumber: string | null;
  organisationIdNumber: string | null;
  companyName: string | null;
  newsletterConsent: boolean;
  languageId: LanguageId;
}

/** The details a customer may change (everything but the id and the language). */
export type CustomerDetails = Omit<CustomerRecord, 'customerId' | 'languageId'>;
