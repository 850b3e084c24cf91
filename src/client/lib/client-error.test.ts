import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { clientErrorOf, formMessageOf, technicalMessageOf } from './client-error';

const generic = 'Något gick fel, försök igen';
const graphQL = (...errors: { message: string; extensions?: Record<string, unknown> }[]) => new CombinedGraphQLErrors({ errors });

describe('the client error shape', () => {
  it('keeps a GraphQL refusal the server worded for the shopper, with its fields', () => {
    const error = graphQL({ message: 'Du måste ange en giltig email', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Du måste ange en giltig email' } } });
    expect(clientErrorOf(error, generic)).toEqual({ code: 'BAD_USER_INPUT', message: 'Du måste ange en giltig email', fields: { email: 'Du måste ange en giltig email' } });
  });

  it('finds the worded error among others', () => {
    const error = graphQL({ message: 'Unexpected error.' }, { message: 'För många försök, vänta en stund', extensions: { code: 'RATE_LIMITED' } });
    expect(clientErrorOf(error, generic)).toEqual({ code: 'RATE_LIMITED', message: 'För många försök, vänta en stund', fields: {} });
  });

  it('puts the generic text in place of one the server did not write for the shopper', () => {
    expect(clientErrorOf(graphQL({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }), generic)).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: generic,
      fields: {},
    });
    expect(clientErrorOf(graphQL({ message: 'Unexpected error.' }), generic).message).toBe(generic);
  });

  it('says NETWORK with the generic text when no answer came', () => {
    expect(clientErrorOf(new TypeError('Failed to fetch'), generic)).toEqual({ code: 'NETWORK', message: generic, fields: {} });
    const refused = new ServerError('Response not successful', { response: new Response('', { status: 502 }), bodyText: '' });
    expect(clientErrorOf(refused, generic)).toEqual({ code: 'NETWORK', message: generic, fields: {} });
    expect(clientErrorOf(undefined, generic).code).toBe('NETWORK');
  });

  it('keeps a refusal already in the shape, with the generic text where the server gave none', () => {
    expect(clientErrorOf({ code: 'WRONG_CREDENTIALS', message: 'Fel e-post eller lösenord', fields: {} }, generic).message).toBe('Fel e-post eller lösenord');
    expect(clientErrorOf({ code: 'NETWORK', message: '', fields: {} }, generic)).toEqual({ code: 'NETWORK', message: generic, fields: {} });
  });

  it('leaves the form-level text out when it only repeats a field\'s', () => {
    expect(formMessageOf({ code: 'BAD_USER_INPUT', message: 'Fel lösenord', fields: { password: 'Fel lösenord' } })).toBeNull();
    expect(formMessageOf({ code: 'BAD_USER_INPUT', message: 'Kontrollera fälten', fields: { email: 'Ogiltig' } })).toBe('Kontrollera fälten');
    expect(formMessageOf({ code: 'NETWORK', message: generic, fields: {} })).toBe(generic);
  });
});

describe('the technical text of a failed request', () => {
  it('says a request that got no answer failed on the network, in one wording for every browser', () => {
    for (const wording of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(technicalMessageOf(new TypeError(wording), 'Layout')).toBe('Network request failed');
    }
  });

  it('keeps a TypeError from a bug as it is', () => {
    expect(technicalMessageOf(new TypeError("Cannot read properties of undefined (reading 'x')"), 'Layout')).toBe("Cannot read properties of undefined (reading 'x')");
  });

  it("gives a GraphQL refusal's first message", () => {
    expect(technicalMessageOf(graphQL({ message: 'Unexpected error.' }), 'Layout')).toBe('Unexpected error.');
  });
});
