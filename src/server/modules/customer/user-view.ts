import type { User } from '../../generated/api-types';
import type { CustomerRecord } from './models';

/** The customer as the API answers them to a session (shopAs: an admin's shop-as session). */
export const userOf = ({ languageId: _language, ...customer }: CustomerRecord, shopAsAdminId: number | null): User => ({
  ...customer,
  shopAs: shopAsAdminId !== null,
});
