import type { ValidationRule } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { isListField, objectTypeOf, selectedFields, type SelectedField } from './selected-fields';

/**
 * How many lists of the same type one path through a query may pass, where the shop's own pages need more than
 * one: the layout's menu is three levels of MenuItem. Every other type gets one, so relatedProducts inside
 * relatedProducts, or inside a product list, is refused: each level multiplies the work by its length.
 */
const NESTED_LISTS_ALLOWED: Record<string, number> = { MenuItem: 3 };

class TooNested extends Error {
  constructor(readonly field: SelectedField) {
    super();
  }
}

/** Rejects a list field nested in a list of its own type more often than NESTED_LISTS_ALLOWED says. */
export const listNestingRule: ValidationRule = (context) => {
  const walk = (fields: SelectedField[], listsOnPath: ReadonlyMap<string, number>): void => {
    for (const field of fields) {
      const type = objectTypeOf(field);
      if (!type || !field.node.selectionSet) continue;
      let lists = listsOnPath;
      if (isListField(field.definition.type)) {
        const count = (listsOnPath.get(type.name) ?? 0) + 1;
        if (count > (NESTED_LISTS_ALLOWED[type.name] ?? 1)) throw new TooNested(field);
        lists = new Map(listsOnPath).set(type.name, count);
      }
      walk(selectedFields(context, field.node.selectionSet, type, field.fragmentsOnPath), lists);
    }
  };
  return {
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return false;
      try {
        walk(selectedFields(context, operation.selectionSet, root), new Map());
      } catch (error) {
        if (!(error instanceof TooNested)) throw error;
        const { node, parentType } = error.field;
        const type = objectTypeOf(error.field)?.name ?? '';
        context.reportError(
          createGraphQLError(`${parentType.name}.${node.name.value} is nested in a list of ${type} too deeply: ask for one level of ${type} lists at a time.`, {
            nodes: [node],
            extensions: { code: 'LIST_NESTED_TOO_DEEPLY' },
          }),
        );
      }
      return false;
    },
  };
};
