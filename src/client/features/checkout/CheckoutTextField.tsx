import type { HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { hasMessage } from '../../i18n/messages';
import type { CheckoutState } from './use-checkout';
import type { TextField } from './checkout-form';

interface Props {
  /** Every text field but the carrier choice, which is a list of options. */
  field: Exclude<TextField, 'shippingMethodId'>;
  state: CheckoutState;
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  required?: boolean;
  /** A postcode asks for carriers as soon as it looks complete, not only on leaving the field. */
  saveWhen?: (value: string) => boolean;
  multiline?: boolean;
}

/** One labelled checkout field with its hint and the server's error, tied together for screen readers. */
export function CheckoutTextField({ field, state, autoComplete, type = 'text', inputMode, required = false, saveWhen, multiline = false }: Props) {
  const intl = useIntl();
  const id = `checkout-${field}`;
  const error = state.errorFor(field);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hintMessage = `checkout.hint.${field}` as const;
  const hint = hasMessage(intl.messages, hintMessage) ? intl.formatMessage({ id: hintMessage }) : null;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    className: 'field__input',
    value: state.form?.[field] ?? '',
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete,
    onBlur: () => state.blur(field),
  };
  return (
    <div className={`checkout-field checkout-field--${field}`}>
      <label className="field__label" htmlFor={id}>
        {intl.formatMessage({ id: `checkout.field.${field}` })}
        {!required && <span className="checkout-field__optional"> {intl.formatMessage({ id: 'checkout.optional' })}</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => state.change(field, e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          onChange={(e) => state.change(field, e.target.value, saveWhen?.(e.target.value) ?? false)}
        />
      )}
      {hint && (
        <p className="checkout-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
