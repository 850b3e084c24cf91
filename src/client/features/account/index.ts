// What the rest of the client may use of the account: the header's button, the footer's newsletter sign-up and
// the rest of the account (panel, session, shop-as, guard), which the layout shows once hydrated. The pages load
// through the route table.
export { AccountButton, AccountExtras } from './AccountShell';
export { account } from './account-state';
export { opensAccountAtOnce } from './account-address';
