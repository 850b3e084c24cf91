import { createHash } from 'node:crypto';
import { PASSWORD_SALT } from '../../shared/auth';

/** What a shopper's browser sends as the password (SHA-384 over the fixed salt and the password, base64): for tests and benches. */
export const browserPasswordHash = (password: string): string => createHash('sha384').update(`${PASSWORD_SALT}${password}`).digest('base64');
