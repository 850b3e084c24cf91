import type { DocumentNode, OperationDefinitionNode } from 'graphql';

export function operationName(query: DocumentNode): string {
  const operation = query.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  return operation?.name?.value ?? '';
}

/** Object keys sorted at every level, so the same variables built in another order give the same key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** One query's identity: its operation and its variables. */
export function queryKey(query: DocumentNode, variables: object): string {
  return `${operationName(query)}:${stableJson(variables)}`;
}
