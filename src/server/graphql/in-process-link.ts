import { ApolloLink } from '@apollo/client/link';
import { print, type ExecutionResult, type FormattedExecutionResult } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import { Observable } from 'rxjs';
import type { GraphQLContext, InitialContext } from './context';

/**
 * Server rendering's GraphQL: the page's queries run in this process, but through the /graphql endpoint's own
 * Yoga envelop (buildYoga), so they meet the same depth, alias and cost limits, input guard and deadline, and their
 * errors are answered (a service's DomainError) and masked as the endpoint's are. Only HTTP is skipped: no request
 * body, no JSON, no per-address budget (a page render draws from the page budget instead).
 */
export function inProcessLink(yoga: YogaServerInstance<Record<string, unknown>, GraphQLContext>, initial: InitialContext): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<FormattedExecutionResult>((observer) => {
        const run = async (): Promise<ExecutionResult> => {
          // A copy per operation: envelop merges the context it builds into the object it is given, so a shared one
          // would hand a later query the first one's deadline and loaders.
          const enveloped = yoga.getEnveloped({ ...initial });
          // Parsed from its text, the document is Yoga's cached one, so validation (limits included) is cached
          // too; each render's Apollo cache hands over a new document object for the same query.
          const document = enveloped.parse(print(operation.query));
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length) return { errors };
          const contextValue = await enveloped.contextFactory();
          return (await enveloped.execute({
            schema: enveloped.schema,
            document,
            variableValues: operation.variables,
            operationName: operation.operationName,
            contextValue,
          })) as ExecutionResult;
        };
        run().then(
          (result) => {
            if (observer.closed) return;
            observer.next(result as FormattedExecutionResult);
            observer.complete();
          },
          (error: unknown) => {
            if (!observer.closed) observer.error(error);
          },
        );
      }),
  );
}
