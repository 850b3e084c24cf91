import {
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/*
 * Types are told apart by their toStringTag, not graphql's isObjectType and friends: those check classes, and
 * Vitest loads graphql twice (Yoga's CommonJS copy builds the schema, the server's code imports the ESM one).
 * For the same reason the rules make their errors with Yoga's createGraphQLError: graphql-ws only passes on
 * errors of its own copy's class.
 */
const tagOf = (type: unknown) => Object.prototype.toString.call(type);
const isObjectType = (type: GraphQLType | null | undefined): type is GraphQLObjectType =>
  tagOf(type) === '[object GraphQLObjectType]';

/** Whether a field answers a list, non-null or not. */
export function isListField(type: GraphQLOutputType): boolean {
  const nullable = tagOf(type) === '[object GraphQLNonNull]' ? (type as { ofType: GraphQLOutputType }).ofType : type;
  return tagOf(nullable) === '[object GraphQLList]';
}

function namedTypeOf(type: GraphQLOutputType): GraphQLType {
  let named: GraphQLType = type;
  while ('ofType' in named) named = named.ofType;
  return named;
}

export interface SelectedField {
  node: FieldNode;
  parentType: GraphQLObjectType;
  definition: GraphQLField<unknown, unknown>;
  /** Fragments spread on the way to this field, passed on to its own selection set to cut cycles. */
  fragmentsOnPath: ReadonlySet<string>;
}

/**
 * The fields a selection set asks of an object type, with fragments spread in place. Unknown fields, unknown
 * fragments and fragment cycles are left to graphql's own rules, which report them; here they are skipped so
 * the limit rules can run beside them without looping. A fragment spread twice into one selection set adds
 * nothing the first did not, and is expanded once: otherwise fragments each spreading the previous one twice
 * would expand to 2^n fields.
 */
export function selectedFields(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  parentType: GraphQLObjectType,
  fragmentsOnPath: ReadonlySet<string> = new Set(),
  spreadHere: Set<string> = new Set(),
): SelectedField[] {
  const fields: SelectedField[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const definition = parentType.getFields()[selection.name.value];
      if (definition) fields.push({ node: selection, parentType, definition, fragmentsOnPath });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? context.getSchema().getType(selection.typeCondition.name.value) : parentType;
      if (isObjectType(type)) fields.push(...selectedFields(context, selection.selectionSet, type, fragmentsOnPath, spreadHere));
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (!fragment || fragmentsOnPath.has(name) || spreadHere.has(name)) continue;
      spreadHere.add(name);
      const type = context.getSchema().getType(fragment.typeCondition.name.value);
      if (isObjectType(type)) fields.push(...selectedFields(context, fragment.selectionSet, type, new Set([...fragmentsOnPath, name]), spreadHere));
    }
  }
  return fields;
}

/** The object type a field's selection set applies to, or null for scalars and enums. */
export function objectTypeOf(field: SelectedField): GraphQLObjectType | null {
  const type = namedTypeOf(field.definition.type);
  return isObjectType(type) ? type : null;
}
