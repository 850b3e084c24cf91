import { describe, expect, it } from 'vitest';
import sv from '../../../../locales/sv.json';
import { IntlMessageFormat } from 'intl-messageformat';
import { confirmationProblem, emailProblem, newPasswordProblem, passwordProblem, problemsOf, requiredProblem } from './validation';

const text = (problem: { id: keyof typeof sv; values?: Record<string, string | number> } | null) =>
  problem ? String(new IntlMessageFormat(sv[problem.id], 'sv-SE').format(problem.values)) : null;

describe('account validation', () => {
  it('gives the spec texts', () => {
    expect(text(emailProblem('nope'))).toBe('Du måste ange en giltig email');
    expect(text(emailProblem('a@b.se'))).toBeNull();
    expect(text(newPasswordProblem(''))).toBe('Du måste ange ett lösenord');
    expect(text(newPasswordProblem('123456'))).toBe('Ditt lösenord måste innehålla minst 7 tecken');
    expect(text(newPasswordProblem('1234567'))).toBeNull();
    expect(text(passwordProblem(''))).toBe('Du måste ange ett lösenord');
    expect(text(passwordProblem('x'))).toBeNull();
    expect(text(confirmationProblem('abcdefg', 'abcdefh'))).toBe('Lösenorden matchar inte');
    expect(text(requiredProblem('  '))).toBe('Detta fält är obligatoriskt');
  });

  it('keeps only the fields with a problem', () => {
    expect(Object.keys(problemsOf({ email: emailProblem('x'), password: passwordProblem('secret') }))).toEqual(['email']);
  });
});
