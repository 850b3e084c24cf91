import { getOperationAST } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Db, Transaction } from '../db/client';
import type { DeadlineSwitch } from '../request-context';

/**
 * How long one GraphQL operation (or one page render) may keep starting database queries. The cost limit keeps
 * honest operations far below it; this stops whatever slips past from holding the database, which on PGlite
 * is its one connection: every other query waits behind it.
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
export function withDeadline(db: Db, deadline: number, now: () => number = Date.now, applies: () => boolean = () => true): Db {
  const check = () => {
    if (applies() && now() > deadline) throw tooLong();
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
    exclusive: (name, fn) => {
      check();
      return db.exclusive(name, fn);
    },
    close: () => db.close(),
  };
}

/**
 * A mutation is never stopped halfway: a checkout whose order was committed after a wait in the database's queue
 * must still start its payment, or the stock stays taken with nothing to pay. Mutations are bounded by their own
 * input limits; the deadline is for reads, which the cost limit cannot fully price.
 */
export const mutationsRunToTheEnd = (): Plugin<{ deadline?: DeadlineSwitch }> => ({
  onExecute({ args }) {
    const context = args.contextValue as { deadline?: DeadlineSwitch };
    if (context.deadline && getOperationAST(args.document, args.operationName ?? undefined)?.operation === 'mutation') context.deadline.applies = false;
  },
});
