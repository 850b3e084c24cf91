/**
 * Customer accounts: the customer's own details, orders, store credit and newsletter sign-up (the account's
 * credentials side is written by the auth module through the functions exported here).
 */
export { customerResolvers } from './resolvers';
