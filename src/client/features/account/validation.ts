import { PASSWORD_MIN_LENGTH } from '../../../shared/auth';
import { isValidEmail } from '../../../shared/email';
import { useCallback } from 'react';
import { useIntl } from '../../i18n/intl';
import type { MessageId } from '../../i18n/messages';

/** A field's problem found here, as the catalog's text id and its values; null when the value is fine. */
export interface FieldProblem {
  id: MessageId;
  values?: Record<string, string | number>;
}

/** A field's problem as the form shows it: found here, or worded by the server (a ClientError's fields). */
export type ShownProblem = FieldProblem | { text: string };

/** A problem's text in the shopper's language, for the form kit's Field (null: no problem). */
export function useProblemText(): (problem: ShownProblem | null | undefined) => string | null {
  const intl = useIntl();
  return useCallback((problem) => (!problem ? null : 'text' in problem ? problem.text : intl.formatMessage({ id: problem.id }, problem.values)), [intl]);
}

export function emailProblem(email: string): FieldProblem | null {
  return isValidEmail(email) ? null : { id: 'validation.email' };
}

/** A password being chosen: present and long enough. */
export function newPasswordProblem(password: string): FieldProblem | null {
  if (!password) return { id: 'validation.passwordRequired' };
  if (password.length < PASSWORD_MIN_LENGTH) return { id: 'validation.passwordLength', values: { min: PASSWORD_MIN_LENGTH } };
  return null;
}

/** A password being given (login, current password): only present; the server judges the rest. */
export function passwordProblem(password: string): FieldProblem | null {
  return password ? null : { id: 'validation.passwordRequired' };
}

export function confirmationProblem(password: string, confirmation: string): FieldProblem | null {
  return password === confirmation ? null : { id: 'validation.passwordMismatch' };
}

export function requiredProblem(value: string): FieldProblem | null {
  return value.trim() ? null : { id: 'validation.required' };
}

/** The first field with a problem, or null: the form shows every problem and focuses the first. */
export function problemsOf<Field extends string>(checks: Record<Field, FieldProblem | null>): Partial<Record<Field, FieldProblem>> {
  const problems: Partial<Record<Field, FieldProblem>> = {};
  for (const [field, problem] of Object.entries(checks) as [Field, FieldProblem | null][]) if (problem) problems[field] = problem;
  return problems;
}
