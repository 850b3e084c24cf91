import { describe, expect, it } from 'vitest';
import { defaultPersistedState } from '../../lib/persisted-state';
import { chooseCustomerType, setVatIncluded } from './customer-types';

describe('customer types', () => {
  it('a business customer sees prices without VAT, a private one with', () => {
    const state = defaultPersistedState();
    chooseCustomerType(state, 'ORGANIZATION');
    expect(state).toMatchObject({ customerType: 'ORGANIZATION', vatIncluded: false });
    chooseCustomerType(state, 'PERSON');
    expect(state).toMatchObject({ customerType: 'PERSON', vatIncluded: true });
  });

  it('the VAT toggle overrides the type default without changing the type', () => {
    const state = defaultPersistedState();
    chooseCustomerType(state, 'ORGANIZATION');
    setVatIncluded(state, true);
    expect(state).toMatchObject({ customerType: 'ORGANIZATION', vatIncluded: true });
  });
});
