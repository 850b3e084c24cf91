import type { FieldNode, ValidationRule } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { listSize } from './list-sizes';
import { isListField, objectTypeOf, selectedFields, type SelectedField } from './selected-fields';

/**
 * The most field resolutions one operation may ask for, counting every item of every list at the most the
 * list can answer. The shop's own operations stay well below (checkout, counting a full cart of 100 lines, about
 * 8,900; the layout with its three-level menu about 8,300), which operation-limits.test.ts checks; a list of 100
 * products each with 24 related products would cost about 90,000.
 */
const MAX_OPERATION_COST = 20_000;

/**
 * Fields that cost more than one resolution: each runs aggregate SQL over every product the filter matches
 * (facets six such queries), however few values it answers. A product list may be a text search (its filter
 * can come in a variable, which validation does not see), which on the embedded database takes 0.1–0.2 s and
 * with its facets up to 0.9 s: at these costs an operation holds at most four searched lists with facets, where
 * six passed before. The shop's own pages ask for one.
 */
const FIELD_COSTS: Record<string, number> = {
  'Query.products': 1_000,
  'ProductListResult.facets': 3_000,
  'ProductListResult.count': 200,
  'ProductListResult.countExact': 200,
  'SearchSuggestions.count': 200,
  'SearchSuggestions.countExact': 200,
};

class TooCostly extends Error {}

/**
 * Rejects an operation whose worst-case number of field resolutions is over the limit: each field costs 1 (or
 * its FIELD_COSTS), and a list field's selection costs as many times as the list can have items (its `limit`,
 * or a default).
 */
export const operationCostRule =
  (maxCost = MAX_OPERATION_COST): ValidationRule =>
  (context) => {
    // Counts against what is left of the budget and stops once it is spent, so a document built to expand
    // hugely costs little to refuse.
    const costOf = (fields: SelectedField[], parent: FieldNode | undefined, budget: number): number => {
      let total = 0;
      for (const field of fields) {
        total += FIELD_COSTS[`${field.parentType.name}.${field.node.name.value}`] ?? 1;
        const type = objectTypeOf(field);
        if (type && field.node.selectionSet) {
          const items = isListField(field.definition.type) ? listSize(field.parentType.name, field.node, parent) : 1;
          const children = selectedFields(context, field.node.selectionSet, type, field.fragmentsOnPath);
          total += items * costOf(children, field.node, Math.floor((budget - total) / items));
        }
        if (total > budget) throw new TooCostly();
      }
      return total;
    };
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation);
        if (!root) return;
        try {
          costOf(selectedFields(context, operation.selectionSet, root), undefined, maxCost);
        } catch (error) {
          if (!(error instanceof TooCostly)) throw error;
          context.reportError(
            createGraphQLError(
              `The operation asks for too much at once (over ${maxCost} fields, counting every list item). Ask for fewer items or fields.`,
              { nodes: [operation], extensions: { code: 'OPERATION_TOO_COSTLY' } },
            ),
          );
        }
        return false;
      },
    };
  };
