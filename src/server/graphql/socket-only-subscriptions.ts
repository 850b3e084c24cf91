import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './context';

/**
 * Subscriptions run over the WebSocket only. Yoga would also stream them over HTTP (server-sent events, multipart),
 * where neither the socket and subscription caps nor an idle timeout apply (Yoga's pings keep the response alive),
 * so one address could hold every connection the server has.
 */
export const socketOnlySubscriptions = (): Plugin<GraphQLContext> => ({
  onSubscribe({ args, setResultAndStopExecution }) {
    if ((args.contextValue as Partial<GraphQLContext>).transport === 'websocket') return;
    setResultAndStopExecution({
      errors: [createGraphQLError('Subscriptions are served over the WebSocket only (graphql-transport-ws on /graphql)', { extensions: { code: 'OPERATION_NOT_ALLOWED' } })],
    });
  },
});
