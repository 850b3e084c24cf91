import { useApolloClient, useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHydrated } from '../../hooks/use-hydrated';
import { notify } from '../../lib/ui-state';
import { useChannelVariables } from '../../hooks/use-language';
import { SetCartGiftCardDocument, SetCartPromoCodeDocument, type CartFieldsFragment } from '../../graphql/generated/operations';
import { writeCart } from './write-cart';

type CodeKind = 'promo' | 'giftCard';

/** What tells the two codes apart: the warnings that refuse one, its texts, and where the cart keeps it. */
const kinds: Record<CodeKind, { refusals: ReadonlySet<string>; messages: CodeKind; inputName: string; current: (cart: CartFieldsFragment) => string | null }> = {
  promo: {
    refusals: new Set(['PROMO_CODE_INVALID', 'PROMO_CODE_REQUIREMENTS_NOT_MET']),
    messages: 'promo',
    inputName: 'promoCode',
    current: (cart) => cart.promoCode ?? null,
  },
  giftCard: { refusals: new Set(['GIFT_CARD_INVALID']), messages: 'giftCard', inputName: 'giftCardCode', current: (cart) => cart.giftCard?.code ?? null },
};

/** Sends a code of either kind (empty removes it) and writes the cart it answers over the cached one. */
function useSetCode(kind: CodeKind) {
  const channel = useChannelVariables();
  const [setPromo, promo] = useMutation(SetCartPromoCodeDocument);
  const [setGiftCard, giftCard] = useMutation(SetCartGiftCardDocument);
  const send = async (cartId: string, code: string): Promise<CartFieldsFragment | null> => {
    const common = { idempotencyKey: crypto.randomUUID(), ...channel };
    const answer =
      kind === 'promo'
        ? (await setPromo({ variables: { id: cartId, promoCode: code, ...common } })).data?.setCartPromoCode
        : (await setGiftCard({ variables: { id: cartId, code, ...common } })).data?.setCartGiftCard;
    return answer ?? null;
  };
  return { send, loading: promo.loading || giftCard.loading, channel };
}

export const PromoCodeForm = ({ cart }: { cart: CartFieldsFragment }) => <CartCodeForm cart={cart} kind="promo" />;
export const GiftCardForm = ({ cart }: { cart: CartFieldsFragment }) => <CartCodeForm cart={cart} kind="giftCard" />;

/**
 * A code field (discount code or gift card) and the code in use, with a way to remove it. Why a code was
 * refused (the server's text, such as 'Koden är ej giltig') is shown beside the field and tied to it, so it is
 * heard where it is typed.
 */
function CartCodeForm({ cart, kind }: { cart: CartFieldsFragment; kind: CodeKind }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const apollo = useApolloClient();
  const { refusals, messages, inputName, current } = kinds[kind];
  const inUse = current(cart);
  const { send: sendCode, loading, channel } = useSetCode(kind);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const send = async (code: string): Promise<CartFieldsFragment | null> => {
    try {
      const answer = await sendCode(cart.id, code);
      if (answer) writeCart(apollo.cache, answer, channel);
      for (const warning of answer?.warnings ?? []) if (!refusals.has(warning.code)) notify(warning.message, 'info');
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
    const refusal = answer.warnings.find((w) => refusals.has(w.code));
    if (refusal) {
      setError(refusal.message);
      input.current?.focus();
      return;
    }
    setError(null);
    setCode('');
    notify(intl.formatMessage({ id: `${messages}.activated` }, { code: current(answer) ?? typed }), 'success');
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
          <FormattedMessage id={`${messages}.label`} />
        </label>
        <div className="promo-code__row">
          <input
            ref={input}
            id={`${id}-code`}
            className="field__input"
            type="text"
            name={inputName}
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
            <FormattedMessage id={`${messages}.apply`} />
          </button>
        </div>
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </form>
      {inUse && (
        <p className="promo-code__applied">
          <span>
            <FormattedMessage id={`${messages}.inUse`} values={{ code: <strong>{inUse}</strong>, balance: cart.giftCard?.balanceIncVatFormatted }} />
          </span>
          <button
            type="button"
            className="promo-code__remove"
            disabled={!hydrated || loading}
            aria-label={intl.formatMessage({ id: `${messages}.remove` }, { code: inUse })}
            onClick={() => void remove()}
          >
            <FormattedMessage id="cart.remove" />
          </button>
        </p>
      )}
    </div>
  );
}
