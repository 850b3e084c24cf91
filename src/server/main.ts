/*
 * The server's entry (`node dist/server/main.js [serve|seed]`). React, graphql-js and other packages pick their
 * development builds when they load unless NODE_ENV is 'production': React's server rendering then took twice as
 * long (home 242 → 134 ms at best, measured on this machine) and graphql-js checked every type the slow way. The
 * shop runs as production unless told 'development' (app.ts), so that is said before anything else loads: the
 * rest comes in through a dynamic import, which a bundle cannot hoist above this line.
 */
process.env.NODE_ENV ??= 'production';
await import('./cli');

export {};
