import { describe, expect, it } from 'vitest';
import { isValidOrganisationNumber, isValidPersonalNumber, luhnValid, parseOrganisationNumber, parsePersonalNumber } from './swedish-id';

const today = new Date(Date.UTC(2026, 10, 21));

describe('Luhn', () => {
  it('accepts a correct check digit and refuses a changed one', () => {
    expect(luhnValid('8112189876')).toBe(true);
    expect(luhnValid('8112189875')).toBe(false);
    expect(luhnValid('81121898x6')).toBe(false);
  });
});

describe('personnummer', () => {
  it('accepts the usual forms of a valid number and normalises them', () => {
    for (const form of ['811218-9876', '8112189876', '19811218-9876', '198112189876']) {
      expect(parsePersonalNumber(form, today)).toEqual({ normalized: '19811218-9876', coordination: false });
    }
  });

  it('gives a ten-digit number the latest century not in the future, and one more back with +', () => {
    expect(parsePersonalNumber('121212-1212', today)?.normalized).toBe('20121212-1212');
    expect(parsePersonalNumber('121212+1212', today)?.normalized).toBe('19121212-1212');
  });

  it('refuses a bad Luhn check digit', () => {
    expect(isValidPersonalNumber('811218-9877', today)).toBe(false);
    expect(isValidPersonalNumber('19121212-1213', today)).toBe(false);
  });

  it('refuses dates that do not exist and dates in the future', () => {
    // 811318 (month 13) and 810230 (30 February) with a matching check digit, so only the date fails.
    expect(isValidPersonalNumber('811318-9875', today)).toBe(false);
    expect(luhnValid('8113189875')).toBe(true);
    expect(isValidPersonalNumber('810230-1234', today)).toBe(false);
    expect(luhnValid('8102301234')).toBe(true);
    expect(isValidPersonalNumber('20991212-1218', today)).toBe(false);
    expect(luhnValid('9912121218')).toBe(true);
  });

  it('accepts a samordningsnummer (day + 60) and says so, but not a day beyond 91', () => {
    expect(parsePersonalNumber('701063-2391', today)).toEqual({ normalized: '19701063-2391', coordination: true });
    expect(luhnValid('7010632391')).toBe(true);
    expect(isValidPersonalNumber('701093-2395', today)).toBe(false);
  });

  it('refuses other shapes', () => {
    for (const bad of ['', '81121-89876', '811218_9876', 'abcdef-ghij', '19811218+9876', '811218-98761']) {
      expect(isValidPersonalNumber(bad, today)).toBe(false);
    }
  });
});

describe('organisationsnummer', () => {
  it('accepts a valid number with or without dash and the 16 prefix', () => {
    for (const form of ['556036-0793', '5560360793', '165560360793']) expect(parseOrganisationNumber(form)).toBe('556036-0793');
  });

  it('refuses a bad Luhn check digit', () => {
    expect(isValidOrganisationNumber('556036-0794')).toBe(false);
  });

  it('refuses a third digit below 2 (that is a personnummer)', () => {
    expect(luhnValid('8112189876')).toBe(true);
    expect(isValidOrganisationNumber('811218-9876')).toBe(false);
  });

  it('refuses other shapes', () => {
    for (const bad of ['', '556036-079', '55603607931', 'abcdef-ghij']) expect(isValidOrganisationNumber(bad)).toBe(false);
  });
});
