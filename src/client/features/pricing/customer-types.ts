import type { MessageId } from '../../i18n/messages';
import type { CustomerType, PersistedState } from '../../lib/persisted-state';

/** Each customer type carries a VAT flag deciding inclusive or exclusive prices. */
export const customerTypes: readonly { type: CustomerType; vatIncluded: boolean; messageId: MessageId }[] = [
  { type: 'PERSON', vatIncluded: true, messageId: 'customerType.person' },
  { type: 'ORGANIZATION', vatIncluded: false, messageId: 'customerType.organization' },
];

/** Choosing a type applies its VAT flag too, so every price on screen changes at once. */
export function chooseCustomerType(store: PersistedState, type: CustomerType): void {
  store.customerType = type;
  store.vatIncluded = customerTypes.find((option) => option.type === type)?.vatIncluded ?? true;
}

export function setVatIncluded(store: PersistedState, vatIncluded: boolean): void {
  store.vatIncluded = vatIncluded;
}
