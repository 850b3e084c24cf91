import type { ASTVisitor, GraphQLError, ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { badInput } from './errors';
import { isSafeText } from '../../shared/text';

/**
 * Every number the API takes (prices in kronor, quantities, ids) is far below this; beyond it a Float no longer
 * holds whole units exactly, and a price turned into öre overflows even a bigint column.
 */
const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

const TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
const NUMBER_MESSAGE = `must be a number from -${MAX_NUMBER} to ${MAX_NUMBER}`;

const refusal = (where: string, problem: string) => badInput(`${where} ${problem}`);

/** The first problem in a variable's value (any depth of lists and input objects), or null. */
function problemIn(value: unknown): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : TEXT_MESSAGE;
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER ? null : NUMBER_MESSAGE;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = problemIn(item);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') return problemIn(Object.values(value));
  return null;
}

function variablesProblem(variables: unknown): GraphQLError | null {
  if (!variables || typeof variables !== 'object') return null;
  for (const [name, value] of Object.entries(variables)) {
    const problem = problemIn(value);
    if (problem) return refusal(`Variable $${name}`, problem);
  }
  return null;
}

/** Literals written into the operation itself. */
function literalRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (!isSafeText(node.value)) context.reportError(refusal('A string literal', TEXT_MESSAGE));
    },
    FloatValue(node) {
      if (problemIn(Number(node.value))) context.reportError(refusal('A number literal', NUMBER_MESSAGE));
    },
    IntValue(node) {
      if (problemIn(Number(node.value))) context.reportError(refusal('A number literal', NUMBER_MESSAGE));
    },
  };
}

/**
 * Refuses, before anything runs, text the database cannot hold and numbers beyond what any argument means,
 * whether written in the operation or sent as variables, over HTTP and over the WebSocket alike. Otherwise
 * they fail deep inside a resolver as an "Unexpected error".
 */
export function inputGuardPlugin(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(literalRule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const error = variablesProblem(args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = variablesProblem(args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
