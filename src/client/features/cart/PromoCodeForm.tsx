import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHydrated } from '../../app/use-hydrated';
import { notify } from '../../app/ui-state';
import { useChannelVariables } from '../../app/use-language';
import { SetCartPromoCodeDocument, type CartFieldsFragment } from '../../graphql/generated/operations';
import { writeCart } from './write-cart';

const PROMO_WARNINGS = new Set(['PROMO_CODE_INVALID', 'PROMO_CODE_REQUIREMENTS_NOT_MET']);

/**
 * The discount-code field and the code in use, with a way to remove it. Why a code was refused (the
 * server's text, spec section 8) is shown beside the field and tied to it, so it is heard where it is typed.
 */
export function PromoCodeForm({ cart }: { cart: CartFieldsFragment }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const channel = useChannelVariables();
  const [mutate, { loading }] = useMutation(SetCartPromoCodeDocument);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const send = async (promoCode: string): Promise<CartFieldsFragment | null> => {
    try {
      const { data } = await mutate({
        variables: { id: cart.id, promoCode, idempotencyKey: crypto.randomUUID(), ...channel },
        update: (cache, result) => {
          if (result.data) writeCart(cache, result.data.setCartPromoCode, channel);
        },
      });
      const answer = data?.setCartPromoCode ?? null;
      for (const warning of answer?.warnings ?? []) if (!PROMO_WARNINGS.has(warning.code)) notify(warning.message, 'info');
      return answer;
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
      return null;
    }
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      input.current?.focus();
      return;
    }
    const answer = await send(typed);
    if (!answer) return;
    const refusal = answer.warnings.find((w) => PROMO_WARNINGS.has(w.code));
    if (refusal) {
      setError(refusal.message);
      input.current?.focus();
      return;
    }
    setError(null);
    setCode('');
    notify(intl.formatMessage({ id: 'promo.activated' }, { code: answer.promoCode ?? typed }), 'success');
  };

  const remove = async () => {
    if (await send('')) {
      setError(null);
      input.current?.focus();
    }
  };

  return (
    <div className="promo-code">
      <form className="promo-code__form" method="post" noValidate onSubmit={apply}>
        <label className="field__label" htmlFor={`${id}-code`}>
          <FormattedMessage id="promo.label" />
        </label>
        <div className="promo-code__row">
          <input
            ref={input}
            id={`${id}-code`}
            className="field__input"
            type="text"
            name="promoCode"
            autoComplete="off"
            maxLength={64}
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="done"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="button" disabled={!hydrated || loading} aria-busy={loading || undefined}>
            <FormattedMessage id="promo.apply" />
          </button>
        </div>
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </form>
      {cart.promoCode && (
        <p className="promo-code__applied">
          <span>
            <FormattedMessage id="promo.inUse" values={{ code: <strong>{cart.promoCode}</strong> }} />
          </span>
          <button
            type="button"
            className="promo-code__remove"
            disabled={!hydrated || loading}
            aria-label={intl.formatMessage({ id: 'promo.remove' }, { code: cart.promoCode })}
            onClick={() => void remove()}
          >
            <FormattedMessage id="cart.remove" />
          </button>
        </p>
      )}
    </div>
  );
}
