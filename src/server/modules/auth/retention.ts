import type { Queryable } from '../../db/client';
import { deleteSpentResetKeys } from './reset-key-store';
import { deleteEndedSessions } from './session-store';
import { deleteSpentShopAsLinks } from './shop-as-store';

/** Forgets sessions, reset keys and "shop as" links that ended before `before`; a token or link naming one is refused either way. */
export async function deleteEndedSignIns(db: Queryable, before: Date): Promise<{ sessions: number; resetKeys: number; shopAsLinks: number }> {
  return {
    sessions: await deleteEndedSessions(db, before),
    resetKeys: await deleteSpentResetKeys(db, before),
    shopAsLinks: await deleteSpentShopAsLinks(db, before),
  };
}
