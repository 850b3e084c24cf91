/** Customer accounts: the customer's details (the account pages) and their credentials, which modules/auth checks. */
export {
  createCustomer,
  findCustomerByEmail,
  findCustomerCredentials,
  setCustomerPasswordHash,
  type CustomerCredentials,
  type NewCustomer,
} from './credentials-store';
