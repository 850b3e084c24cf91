/**
 * Customer accounts: the customer's own details, orders, store credit and newsletter sign-up (the account pages),
 * and their credentials, which modules/auth checks through the functions exported here.
 */
export { userOf } from './user-view';
export { changeCustomerEmail, createCustomer, deleteCustomerAccount, requestedEmail, saveCustomerDetails } from './customer-service';
export type { CustomerRecord } from './models';
export {
  findCustomerByEmail,
  findCustomerCredentials,
  setCustomerPasswordHash,
  type CustomerCredentials,
  type NewCustomer,
} from './credentials-store';
