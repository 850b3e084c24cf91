/**
 * Customer sign-in: tokens backed by session rows, the /auth endpoints (register, login and refresh, password,
 * logout, forgot and reset password, the sign challenge), login guessing limits, and admins' "shop as" links.
 */
export { sessionOfToken, type CustomerSession } from './sessions';
export { createCustomerTokens, type CustomerTokens } from './tokens';
export { authResolvers } from './resolvers';
export { registerAuthRoutes } from './routes';
export { deleteEndedSignIns, endShopAsOfAdmin } from './retention';
