import type { Queryable, SqlParam } from '../client';

/** PostgreSQL caps a statement at 65 535 parameters; staying well below keeps statements cheap to parse. */
const MAX_PARAMS = 30_000;

export type Row = readonly SqlParam[];

/** Multi-row parameterised INSERTs, batched so each statement stays under MAX_PARAMS parameters. */
export async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const params: SqlParam[] = [];
    const tuples: string[] = [];
    for (const row of batch) {
      if (row.length !== columns.length) {
        throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
      }
      const placeholders: string[] = [];
      for (const value of row) {
        params.push(value);
        placeholders.push(`$${params.length}`);
      }
      tuples.push(`(${placeholders.join(', ')})`);
    }
    await db.query(head + tuples.join(', '), params);
  }
}
