import { useIntl } from '../../i18n/intl';
import { hasMessage } from '../../i18n/messages';
import type { TextField as CheckoutTextField } from './checkout-form';
import type { CheckoutState } from './use-checkout';

/** Every text field but the carrier choice, which is a list of options. */
type Field = Exclude<CheckoutTextField, 'shippingMethodId'>;

interface Options {
  required?: boolean;
  /** A postcode asks for carriers as soon as it looks complete, not only on leaving the field. */
  saveWhen?: (value: string) => boolean;
}

/**
 * Binds the form kit's TextField (or Field, for the message's textarea) to one checkout field: its label (with
 * "(valfritt)" when optional), its hint, the server's error, its value, and saving on change or blur.
 */
export function useCheckoutField(state: CheckoutState) {
  const intl = useIntl();
  return (field: Field, { required = false, saveWhen }: Options = {}) => {
    const hintMessage = `checkout.hint.${field}` as const;
    return {
      id: `checkout-${field}`,
      name: field,
      className: `checkout-field checkout-field--${field}`,
      label: (
        <>
          {intl.formatMessage({ id: `checkout.field.${field}` })}
          {!required && <span className="checkout-field__optional"> {intl.formatMessage({ id: 'checkout.optional' })}</span>}
        </>
      ),
      hint: hasMessage(intl.messages, hintMessage) ? intl.formatMessage({ id: hintMessage }) : undefined,
      error: state.errorFor(field) ?? null,
      required,
      value: state.form?.[field] ?? '',
      onChange: (value: string) => state.change(field, value, saveWhen?.(value) ?? false),
      onBlur: () => state.blur(field),
    };
  };
}
