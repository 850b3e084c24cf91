import type { ValidationRule } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/**
 * Refuses __schema and __type, which map every field and argument for an attacker. (graphql's own
 * NoSchemaIntrospectionCustomRule does the same through class checks that fail under Vitest; see
 * selected-fields.ts.) __typename stays: Apollo's cache asks for it on every object.
 */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return;
    context.reportError(
      createGraphQLError(`Introspection is off on this server: ${node.name.value} cannot be queried.`, {
        nodes: [node],
        extensions: { code: 'INTROSPECTION_DISABLED' },
      }),
    );
  },
});
