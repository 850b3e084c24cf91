import type { Queryable } from '../../db/client';

export async function insertShopAsLink(db: Queryable, link: { linkId: string; customerId: number; adminId: number; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO shop_as_links (link_id, customer_id, admin_id, expires_at) VALUES ($1, $2, $3, $4)', [
    link.linkId,
    link.customerId,
    link.adminId,
    link.expiresAt,
  ]);
}

/** Marks the link used and answers whom it signs in as; null when it is unknown, used or expired. */
export async function takeShopAsLink(db: Queryable, linkId: string, now: Date): Promise<{ customerId: number; adminId: number } | null> {
  const [row] = await db.query<{ customer_id: number; admin_id: number }>(
    `UPDATE shop_as_links SET used_at = $2
     WHERE link_id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id, admin_id`,
    [linkId, now],
  );
  return row ? { customerId: row.customer_id, adminId: row.admin_id } : null;
}

/** Deletes "shop as" links used or expired before `before`: a link naming one is refused either way. */
export async function deleteSpentShopAsLinks(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM shop_as_links WHERE used_at < $1 OR expires_at < $1 RETURNING 1', [before]);
  return rows.length;
}

/** Marks every unused link the admin made used: after a password rotation none of them may sign anyone in. */
export async function spendAdminShopAsLinks(db: Queryable, adminId: number, now: Date): Promise<void> {
  await db.query('UPDATE shop_as_links SET used_at = $2 WHERE admin_id = $1 AND used_at IS NULL', [adminId, now]);
}
