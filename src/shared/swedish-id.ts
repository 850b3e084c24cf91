/**
 * Swedish personal identity numbers (personnummer, samordningsnummer) and organisation numbers, checked the
 * same way in the browser form and the API: shape, a real birth date, and the Luhn check digit.
 */

/** Luhn over the ten digits YYMMDDNNNC (the century is not part of the check). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every second digit is doubled; for ten digits that is the even positions from the left.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface ParsedPersonalNumber {
  /** YYYYMMDD-NNNN, the twelve-digit normal form. */
  normalized: string;
  /** A samordningsnummer (day + 60), given to people not registered in Sweden. */
  coordination: boolean;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * YYMMDD-NNNN, YYMMDD+NNNN (over 100 years old), YYMMDDNNNN, YYYYMMDD-NNNN or YYYYMMDDNNNN; spaces ignored.
 * Ten digits get their century from today: the latest year not in the future, one century further back with '+'.
 */
export function parsePersonalNumber(value: string, today: Date = new Date()): ParsedPersonalNumber | null {
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/.exec(value.replace(/\s/g, ''));
  if (!match) return null;
  const [, century, yy, mm, dd, separator, tail] = match as unknown as [string, string | undefined, string, string, string, string, string];
  const thisYear = today.getUTCFullYear();
  let year: number;
  if (century !== undefined) {
    if (separator === '+') return null;
    year = Number(century + yy);
  } else {
    year = Math.floor(thisYear / 100) * 100 + Number(yy);
    if (year > thisYear) year -= 100;
    if (separator === '+') year -= 100;
  }
  const rawDay = Number(dd);
  const coordination = rawDay > 60;
  const day = coordination ? rawDay - 60 : rawDay;
  if (!isRealDate(year, Number(mm), day)) return null;
  if (year > thisYear) return null;
  if (!luhnValid(`${yy}${mm}${dd}${tail}`)) return null;
  return { normalized: `${year}${mm}${dd}-${tail}`, coordination };
}

export function isValidPersonalNumber(value: string, today?: Date): boolean {
  return parsePersonalNumber(value, today) !== null;
}

/**
 * NNNNNN-NNNN (or ten digits; a '16' prefix making twelve is accepted): the third digit is 2 or more, which
 * tells it from a personnummer, and the last is a Luhn check digit. Sole traders use their personnummer,
 * which isValidOrganisationNumber does not accept.
 */
export function parseOrganisationNumber(value: string): string | null {
  const match = /^(?:16)?(\d{6})-?(\d{4})$/.exec(value.replace(/\s/g, ''));
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  if (Number(digits[2]) < 2) return null;
  if (!luhnValid(digits)) return null;
  return `${match[1]}-${match[2]}`;
}

export function isValidOrganisationNumber(value: string): boolean {
  return parseOrganisationNumber(value) !== null;
}
