import type { Server } from 'node:http';
import type { ExecutionArgs } from 'graphql';
// Named useServer by graphql-ws, but it is no React hook.
import { useServer as serveGraphQLOverWebSocket } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from './context';

type Enveloped = ReturnType<YogaServerInstance<Record<string, unknown>, GraphQLContext>['getEnveloped']>;

/**
 * graphql-ws (protocol graphql-transport-ws) on the same /graphql path as HTTP, executed through Yoga's
 * envelop so the depth and cost limits apply to subscriptions too. Returns a function that closes it.
 */
export function attachGraphQLWebSocket(server: Server, yoga: YogaServerInstance<Record<string, unknown>, GraphQLContext>) {
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  const disposable = serveGraphQLOverWebSocket(
    {
      execute: (args) => (args.rootValue as Enveloped).execute(args as ExecutionArgs),
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args as ExecutionArgs),
      onSubscribe: async (ctx, _id, payload) => {
        const enveloped = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params: payload });
        const args = {
          schema: enveloped.schema,
          operationName: payload.operationName,
          document: enveloped.parse(payload.query),
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: enveloped,
        };
        const errors = enveloped.validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );
  return async () => {
    await disposable.dispose();
    await new Promise<void>((done) => wss.close(() => done()));
  };
}
