/**
 * Customer sign-in: tokens backed by session rows, the /auth endpoints (register, login and refresh, password,
 * logout, forgot and reset password, the sign challenge, confirming and undoing an e-mail change), login guessing
 * limits, admins' "shop as" links, and the account mutations that need the current password (updateUser when it
 * moves the sign-in address, deleteUser).
 */
export { sessionOfToken, tokenSession, type CustomerSession } from './sessions';
export { createCustomerTokens, type CustomerTokens } from './tokens';
export { registerAuthRoutes } from './routes';
export { deleteEndedSignIns, endShopAsOfAdmin } from './retention';
