/** Staff: the admin account, its sign-in and bearer tokens, and the admin mutations' guard. */
export { seedAdmin, storedTokenSecret } from './admin-store';
export { bearerToken, requireAdmin } from './auth';
export { createAdminTokens, type AdminTokens } from './tokens';
