import type { z } from 'zod';
import { badInput } from './errors';

/** Parses or throws a BAD_USER_INPUT error that names each bad field, e.g. 'item.quantity: quantity must be …'. */
export function parseInput<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  throw badInput(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}
