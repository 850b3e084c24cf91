import type { Db, Transaction } from '../db/client';

/**
 * The database with a log of every statement sent through it, to count what one request costs. A transaction
 * logs its BEGIN and its COMMIT (or ROLLBACK) too: each is a round trip to the database like any other.
 */
export function countingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logged = (tx: Transaction): Transaction => ({
    query: (text, params) => {
      statements.push(text);
      return tx.query(text, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return tx.exec(sql);
    },
  });
  return {
    statements,
    db: {
      ...db,
      ...logged(db),
      async transaction(fn) {
        statements.push('BEGIN');
        try {
          const result = await db.transaction((tx) => fn(logged(tx)));
          statements.push('COMMIT');
          return result;
        } catch (error) {
          statements.push('ROLLBACK');
          throw error;
        }
      },
    },
  };
}
