// What the rest of the client may use of the account: the header's button and panel, the shop-as label, the
// footer's newsletter sign-up and the session's start in the layout. The pages load through the route table.
export { AccountButton, AccountPanel, AccountSync, NewsletterSignup, ShopAsLabel } from './AccountShell';
