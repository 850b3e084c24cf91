import { createGraphQLError } from 'graphql-yoga';
import type { Db, Transaction } from '../db/client';

/**
 * How long one GraphQL operation (or one page render) may keep starting database queries. The cost limit keeps
 * honest operations far below it; this stops whatever slips past from holding the database, which on PGlite
 * is the whole process.
 */
export const OPERATION_DEADLINE_MS = 5_000;

const tooLong = () =>
  createGraphQLError('The operation took too long and was stopped. Ask for fewer items and try again.', {
    extensions: { code: 'OPERATION_TIMEOUT' },
  });

/**
 * The database as one operation sees it: a query (or transaction) that would start after the deadline fails
 * instead, and the resolvers waiting on it answer with an OPERATION_TIMEOUT error (not masked: it is a
 * GraphQLError). Queries already running finish; PGlite cannot interrupt one.
 */
export function withDeadline(db: Db, deadline: number, now: () => number = Date.now): Db {
  const check = () => {
    if (now() > deadline) throw tooLong();
  };
  const guard = (tx: Transaction): Transaction => ({
    query: async (text, params) => {
      check();
      return tx.query(text, params);
    },
    exec: async (sql) => {
      check();
      return tx.exec(sql);
    },
  });
  return {
    kind: db.kind,
    ...guard(db),
    transaction: async (fn) => {
      check();
      return db.transaction((tx) => fn(guard(tx)));
    },
    close: () => db.close(),
  };
}
