import type { Queryable } from '../../db/client';
import { deleteSpentResetKeys } from './reset-key-store';
import { deleteEndedSessions, revokeAdminShopAsSessions } from './session-store';
import { deleteSpentShopAsLinks, spendAdminShopAsLinks } from './shop-as-store';

/** Forgets sessions, reset keys and "shop as" links that ended before `before`; a token or link naming one is refused either way. */
export async function deleteEndedSignIns(db: Queryable, before: Date): Promise<{ sessions: number; resetKeys: number; shopAsLinks: number }> {
  return {
    sessions: await deleteEndedSessions(db, before),
    resetKeys: await deleteSpentResetKeys(db, before),
    shopAsLinks: await deleteSpentShopAsLinks(db, before),
  };
}

/**
 * After an admin's password was replaced: the "shop as" links they made and the sessions those opened end, as
 * their admin tokens do (tokens.ts ties those to the password).
 */
export async function endShopAsOfAdmin(db: Queryable, adminId: number, now = new Date()): Promise<void> {
  await spendAdminShopAsLinks(db, adminId, now);
  await revokeAdminShopAsSessions(db, adminId, now);
}
