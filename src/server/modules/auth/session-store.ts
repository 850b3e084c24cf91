import type { Queryable } from '../../db/client';

export interface SessionRow {
  sessionId: string;
  customerId: number;
  createdAt: Date;
  expiresAt: Date;
  lifetimeSeconds: number;
  shopAsAdminId: number | null;
}

interface Row {
  session_id: string;
  customer_id: number;
  created_at: Date | string;
  expires_at: Date | string;
  lifetime_seconds: number;
  shop_as_admin_id: number | null;
}

const toSession = (row: Row): SessionRow => ({
  sessionId: row.session_id,
  customerId: row.customer_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  lifetimeSeconds: row.lifetime_seconds,
  shopAsAdminId: row.shop_as_admin_id,
});

export async function insertSession(
  db: Queryable,
  session: { sessionId: string; customerId: number; createdAt: Date; expiresAt: Date; lifetimeSeconds: number; shopAsAdminId: number | null },
): Promise<void> {
  await db.query(
    `INSERT INTO customer_sessions (session_id, customer_id, created_at, expires_at, lifetime_seconds, shop_as_admin_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [session.sessionId, session.customerId, session.createdAt, session.expiresAt, session.lifetimeSeconds, session.shopAsAdminId],
  );
}

/** The session when it is neither revoked nor expired at `now`; null otherwise. */
export async function findLiveSession(db: Queryable, sessionId: string, now: Date): Promise<SessionRow | null> {
  const [row] = await db.query<Row>(
    `SELECT session_id, customer_id, created_at, expires_at, lifetime_seconds, shop_as_admin_id
     FROM customer_sessions WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [sessionId, now],
  );
  return row ? toSession(row) : null;
}

/** Moves a live session's expiry; false when it was revoked or expired meanwhile. */
export async function extendSession(db: Queryable, sessionId: string, expiresAt: Date, now: Date): Promise<boolean> {
  const rows = await db.query<{ session_id: string }>(
    `UPDATE customer_sessions SET expires_at = $2
     WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $3 RETURNING session_id`,
    [sessionId, expiresAt, now],
  );
  return rows.length > 0;
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE customer_sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL', [sessionId, now]);
}

/** Ends every session of the customer, except `keepSessionId` when given. */
export async function revokeCustomerSessions(db: Queryable, customerId: number, now: Date, keepSessionId?: string): Promise<void> {
  await db.query(
    `UPDATE customer_sessions SET revoked_at = $2
     WHERE customer_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR session_id <> $3::uuid)`,
    [customerId, now, keepSessionId ?? null],
  );
}

/** Deletes sessions that ended (logged out or expired) before `before`: a token naming one is refused either way. */
export async function deleteEndedSessions(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM customer_sessions WHERE revoked_at < $1 OR expires_at < $1 RETURNING 1', [before]);
  return rows.length;
}

/** Ends every "shop as" session the admin opened. */
export async function revokeAdminShopAsSessions(db: Queryable, adminId: number, now: Date): Promise<void> {
  await db.query('UPDATE customer_sessions SET revoked_at = $2 WHERE shop_as_admin_id = $1 AND revoked_at IS NULL', [adminId, now]);
}
