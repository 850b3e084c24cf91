import './cart-styles';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { MAX_CODE_LENGTH } from '../../../shared/limits';
import { SubmitButton, TextField } from '../../components/form';
import { useHydrated } from '../../hooks/use-hydrated';
import { notify } from '../../lib/ui-state';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import type { ChangeOutcome } from './outbox/runtime';
import { useCartPending, useQueueCartChange } from './use-cart';

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

/** Queues a code of either kind (empty removes it) in the outbox and answers what became of it. */
function useSetCode(kind: CodeKind) {
  const queue = useQueueCartChange();
  const [loading, setLoading] = useState(false);
  const send = async (code: string): Promise<ChangeOutcome> => {
    setLoading(true);
    try {
      const { outcome } = await queue({ kind: kind === 'promo' ? 'promo' : 'giftCard', code });
      return await outcome;
    } finally {
      setLoading(false);
    }
  };
  return { send, loading };
}

export const PromoCodeForm = ({ cart }: { cart: CartFieldsFragment }) => <CartCodeForm cart={cart} kind="promo" />;
export const GiftCardForm = ({ cart }: { cart: CartFieldsFragment }) => <CartCodeForm cart={cart} kind="giftCard" />;

/**
 * A code field (discount code or gift card) and the code in use, with a way to remove it. Why a code was
 * refused (the server's text, such as 'Koden är ej giltig') is shown beside the field and tied to it, so it is
 * heard where it is typed. The discount code field is the cart's one code field (the cart panel has no other):
 * a code that is no promo code is tried as a gift card, so a shopper never hears that a good gift card is not
 * valid. Which kind a code waiting offline is cannot be known: it is sent as a promo code.
 */
function CartCodeForm({ cart, kind }: { cart: CartFieldsFragment; kind: CodeKind }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { refusals, messages, inputName, current } = kinds[kind];
  const pending = useCartPending();
  const waiting = kind === 'promo' ? pending.promoCode : pending.giftCard;
  // A code waiting in the outbox shows as the one in use ('' when its removal waits), marked as not saved yet.
  const inUse = waiting === null ? current(cart) : waiting.toUpperCase() || null;
  const { send: sendCode, loading: sending } = useSetCode(kind);
  const { send: sendCard, loading: sendingCard } = useSetCode('giftCard');
  const loading = sending || sendingCard;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  /** The server's answer, or null when it is not there (refused, or saved to be sent when back online). */
  const send = async (code: string, as: CodeKind = kind): Promise<CartFieldsFragment | null | 'queued'> => {
    try {
      const outcome = await (as === kind ? sendCode : sendCard)(code);
      if (outcome.kind === 'queued') return 'queued';
      if (outcome.kind === 'refused') {
        notify(outcome.message, 'error');
        return null;
      }
      for (const warning of outcome.cart.warnings) if (!kinds[as].refusals.has(warning.code)) notify(warning.message, 'info');
      return outcome.cart;
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
    if (answer === 'queued') {
      setError(null);
      setCode('');
      notify(intl.formatMessage({ id: 'outbox.codeQueued' }, { code: typed.toUpperCase() }), 'info');
      return;
    }
    const refusal = answer.warnings.find((w) => refusals.has(w.code));
    if (kind === 'promo' && refusal?.code === 'PROMO_CODE_INVALID') {
      const asCard = await send(typed, 'giftCard');
      if (asCard && asCard !== 'queued' && !asCard.warnings.some((w) => kinds.giftCard.refusals.has(w.code))) {
        setError(null);
        setCode('');
        notify(intl.formatMessage({ id: 'giftCard.activated' }, { code: asCard.giftCard?.code ?? typed.toUpperCase() }), 'success');
        return;
      }
    }
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
        <TextField
          id={`${id}-code`}
          label={<FormattedMessage id={`${messages}.label`} />}
          error={error}
          announce
          inputRef={input}
          name={inputName}
          autoComplete="off"
          maxLength={MAX_CODE_LENGTH}
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          row={{
            className: 'promo-code__row',
            after: (
              <SubmitButton pending={loading} disabled={!hydrated}>
                <FormattedMessage id={`${messages}.apply`} />
              </SubmitButton>
            ),
          }}
        />
      </form>
      {inUse && (
        <p className="promo-code__applied">
          <span>
            <FormattedMessage id={`${messages}.inUse`} values={{ code: <strong>{inUse}</strong>, balance: waiting === null ? cart.giftCard?.balanceIncVatFormatted : '…' }} />
            {waiting !== null && (
              <span className="pending-note">
                {' '}
                <FormattedMessage id={pending.online ? 'outbox.saving' : 'outbox.pendingOffline'} />
              </span>
            )}
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
