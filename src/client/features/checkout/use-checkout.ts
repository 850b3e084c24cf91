import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from '../../i18n/intl';
import type { ClientError } from '../../lib/client-error';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { useApollo } from '../../lib/apollo-client';
import { usePersisted } from '../../lib/persisted-context';
import { useShopMutation } from '../../lib/use-shop-mutation';
import { isBrowserOnline, useOnline } from '../../lib/online-status';
import { notify } from '../../lib/ui-state';
import { useChannelVariables } from '../../hooks/use-language';
import type { CheckoutFieldsFragment } from '../../graphql/generated/operations';
import { AccountUserDocument } from '../../graphql/generated/documents/AccountUser';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { CheckoutDocument } from '../../graphql/generated/documents/Checkout';
import { PlaceOrderDocument } from '../../graphql/generated/documents/PlaceOrder';
import { SaveCheckoutDocument } from '../../graphql/generated/documents/SaveCheckout';
import { hasToken } from '../../lib/auth-token';
import { useHydrated } from '../../hooks/use-hydrated';
import { account } from '../account';
import { cartState, loadCartId } from '../cart';
import { formFromCheckout, prefillFromCustomer, toCheckoutInput, type CheckoutField, type CheckoutForm } from './checkout-form';
import { newIdempotencyKey } from '../../lib/random-key';

/** Errors of the payment step itself are only shown once the shopper tries to complete the purchase. */
const SHOWN_AFTER_SUBMIT: ReadonlySet<CheckoutField> = new Set(['shippingMethodId', 'paymentMethod', 'acceptedPurchaseTerms']);

export interface CheckoutState {
  /** False until the cart cookie was read (after hydration) and, with a cart, its checkout fetched. */
  ready: boolean;
  /** The checkout could not be fetched (offline, server error); `retry` asks again. */
  failed: boolean;
  retry: () => void;
  cartId: string;
  form: CheckoutForm | null;
  /** The server's latest view of the saved form: validation, carriers, totals, whether payment is open. */
  checkout: CheckoutFieldsFragment | null;
  /** A field changed; `save` also stores it now (radios, selects, a finished postcode), otherwise on blur. */
  change: <K extends CheckoutField>(field: K, value: CheckoutForm[K], save?: boolean) => void;
  /** The shopper left a field: its error may show from now on and the form is stored. */
  blur: (field: CheckoutField) => void;
  errorFor: (field: CheckoutField) => string | undefined;
  placeOrder: () => Promise<void>;
  placing: boolean;
  /** Why the order could not be placed (empty cart, stock), from the server. */
  orderMessage: string | null;
  /** Asks the server for the checkout again (after the cart changed elsewhere on the page). */
  refresh: () => void;
  /** No network: nothing is sent (the order is never queued); what was typed stays and is saved once back. */
  offline: boolean;
}

/**
 * The checkout form. Every change is stored on the server (createOrUpdateCheckout) one request at a time, the
 * latest form winning, and the server's answer decides errors, carriers, totals and whether payment is open:
 * the client only displays the rules. An error shows once its field was left or a purchase was attempted, and
 * only while the field still holds the value the server judged.
 */
export function useCheckout(): CheckoutState {
  const intl = useIntl();
  // The checkout's own refusals come in its answer (validationErrors, a placeOrder status); a BAD_USER_INPUT
  // without fields is the server refusing a request the page should never send (a cart gone meanwhile, a bad
  // variable), worded for developers in English, so the shopper gets the generic text.
  const refusalText = (error: ClientError): string =>
    error.code === 'BAD_USER_INPUT' && Object.keys(error.fields).length === 0 ? intl.formatMessage({ id: 'error.generic' }) : error.message;
  const navigate = useNavigate();
  const apollo = useApollo();
  const channel = useChannelVariables();
  const { id: cartId, loaded: cartRead } = useSnapshot(cartState);
  // The account's own reading of the cookie comes with the layout's extras, which may load later (or not at all).
  const hydrated = useHydrated();
  const { signedIn: accountSignedIn, known: accountKnown } = useSnapshot(account);
  const signedIn = accountKnown ? accountSignedIn : hydrated ? hasToken() : null;
  useEffect(() => {
    loadCartId();
  }, []);

  const query = useQuery(CheckoutDocument, { variables: { cartId, ...channel }, skip: !cartId, fetchPolicy: 'network-only' });
  const [saveCheckout] = useShopMutation(SaveCheckoutDocument);
  const [submitOrder, { loading: placing }] = useShopMutation(PlaceOrderDocument);
  // A signed-in customer's details saved under Mina sidor fill the fields this checkout has left empty.
  const customerQuery = useQuery(AccountUserDocument, { variables: channel, skip: !signedIn || !cartId, fetchPolicy: 'network-only' });
  const customer = signedIn ? (customerQuery.data?.getUser ?? null) : null;
  const customerSettled = signedIn === false || (signedIn === true && (customer !== null || Boolean(customerQuery.error)));

  const loaded = query.data?.checkout ?? null;
  const { customerType: shopperType } = useSnapshot(usePersisted());
  // A checkout nobody has filled in yet starts as the customer type chosen in the header.
  const initial = useMemo(() => {
    if (!loaded) return null;
    const form = formFromCheckout(loaded);
    return loaded.email === null && loaded.firstName === null ? { ...form, customerType: shopperType } : form;
  }, [loaded, shopperType]);
  /** The latest answer of a save; until the first one, what the page loaded. */
  const [answer, setAnswer] = useState<CheckoutFieldsFragment | null>(null);
  // The shopper's edits; before the first one the form is what was saved (later loads never overwrite typing).
  const [edited, setEdited] = useState<CheckoutForm | null>(null);
  /** The form the latest server answer judged; errors of fields edited since then are stale. */
  const [judgedForm, setJudged] = useState<CheckoutForm | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [orderMessage, setOrderMessage] = useState<string | null>(null);
  const checkout = answer ?? loaded;
  const form = edited ?? initial;
  const judged = judgedForm ?? initial;

  /** The latest edit, for saves that finish after several renders; null before the first edit. */
  const formRef = useRef<CheckoutForm | null>(null);
  const currentForm = () => formRef.current ?? form;
  /** The save under way, if any: placing the order waits for it, so a late save cannot land after the order. */
  const saving = useRef<Promise<void> | null>(null);
  const saveAgain = useRef(false);
  const orderKey = useRef<string | null>(null);
  /** An edit made offline, to be stored once the network is back. */
  const unsavedOffline = useRef(false);
  /**
   * Set once the server took the order: from then on the form is the order's, and the server has already saved
   * it for the next purchase with the terms cleared. A save still triggered on the way out (the emptied cart
   * changes the page's cart before it leaves) would store the ticked terms again.
   */
  const placed = useRef(false);
  /**
   * While the order is on its way no save goes: the order's own effects reach the page before its answer can (the
   * emptied cart, heard live), and a save they trigger would store the ticked terms after the server cleared them.
   * An order refused saves the form after its answer; an answer lost saves nothing (the order may have been placed),
   * and the next attempt sends the form with it.
   */
  const ordering = useRef(false);
  const online = useOnline();

  /** Stores the latest form; a save asked for while one runs follows it, so the server ends with the last edit. */
  const save = (): Promise<void> => {
    if (placed.current || ordering.current) return Promise.resolve();
    if (!isBrowserOnline()) {
      unsavedOffline.current = true;
      return Promise.resolve();
    }
    if (saving.current) {
      saveAgain.current = true;
      return saving.current;
    }
    const run = async () => {
      do {
        saveAgain.current = false;
        const sent = currentForm();
        if (!sent || !cartId || placed.current || ordering.current) return;
        // Gone offline since the save was asked for: it goes once the network is back.
        if (!isBrowserOnline()) {
          unsavedOffline.current = true;
          return;
        }
        const saved = await saveCheckout({ cartId, checkout: toCheckoutInput(sent), ...channel });
        if (saved.error) {
          // Offline or a server error: say so; an edit made meanwhile is still tried below.
          notify(refusalText(saved.error), 'error');
        } else {
          setAnswer(saved.data.createOrUpdateCheckout);
          setJudged(sent);
        }
      } while (saveAgain.current);
    };
    saving.current = run().finally(() => {
      saving.current = null;
    });
    return saving.current;
  };

  // The customer's saved details go into the empty fields once per customer (a refetch does not put them back
  // into a field the shopper emptied), and are stored at once: carriers and payment follow the address.
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  const [prefillToSave, setPrefillToSave] = useState<CheckoutForm | null>(null);
  if (customer && form && prefilledFor !== customer.customerId) {
    setPrefilledFor(customer.customerId);
    const filled = prefillFromCustomer(form, customer);
    if ((Object.keys(filled) as CheckoutField[]).some((field) => filled[field] !== form[field])) {
      setEdited(filled);
      setPrefillToSave(filled);
    }
  }
  useEffect(() => {
    if (!prefillToSave) return;
    formRef.current = prefillToSave;
    void save();
    // Only a new prefill matters; save reads the latest form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillToSave]);

  useEffect(() => {
    if (!online || !unsavedOffline.current) return;
    unsavedOffline.current = false;
    void save();
    // Only coming back online matters; save reads the latest form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  const change = <K extends CheckoutField>(field: K, value: CheckoutForm[K], store = false) => {
    const base = currentForm();
    if (!base) return;
    const next = { ...base, [field]: value };
    formRef.current = next;
    setEdited(next);
    setOrderMessage(null);
    if (store) {
      // A choice is a finished answer: its consequences (invoice needs an id number) may show at once.
      setTouched((t) => new Set([...t, field, ...(field === 'paymentMethod' ? (['personalIdNumber', 'organisationIdNumber'] as const) : [])]));
      void save();
    }
  };

  const blur = (field: CheckoutField) => {
    setTouched((t) => (t.has(field) ? t : new Set([...t, field])));
    const latest = currentForm();
    if (latest && judged && latest[field] !== judged[field]) void save();
  };

  const errors = new Map((checkout?.validationErrors ?? []).map((e) => [e.field as CheckoutField, e.message]));
  const errorFor = (field: CheckoutField) => {
    if (!form || !judged || form[field] !== judged[field]) return undefined;
    const visible = submitted || (touched.has(field) && !SHOWN_AFTER_SUBMIT.has(field));
    return visible ? errors.get(field) : undefined;
  };

  const showInvalid = (validationErrors: readonly { field: string }[]) => {
    setSubmitted(true);
    const invalid = new Set(validationErrors.map((e) => e.field));
    // After React has rendered the messages, so the screen reader reads the field with its error. The first
    // problem in page order wins: a field that can take focus, else (no enabled control) its error text.
    requestAnimationFrame(() => {
      for (const element of document.querySelectorAll<HTMLElement>('.checkout-form [name]:enabled, .checkout-form .field__error')) {
        const name = element.getAttribute('name');
        if (name !== null && !invalid.has(name)) continue;
        if (name === null) element.tabIndex = -1;
        element.focus();
        return;
      }
    });
  };

  const placeOrder = async () => {
    // An order needs the network now: it is never queued to go later, when the shopper may have moved on.
    if (!cartId || placing || !isBrowserOnline()) return;
    await saving.current;
    const sent = currentForm();
    if (!sent) return;
    // One key per purchase attempt: a retried submit after a lost answer places the order once.
    orderKey.current ??= newIdempotencyKey();
    ordering.current = true;
    // useShopMutation never rejects. Placed is set with the answer, before anything else can run and save.
    const answer = await submitOrder({ cartId, checkout: toCheckoutInput(sent), idempotencyKey: orderKey.current, ...channel }).then((got) => {
      ordering.current = false;
      placed.current = !got.error && got.data.placeOrder.status === 'PLACED' && Boolean(got.data.placeOrder.redirectUrl);
      return got;
    });
    if (answer.error) return notify(refusalText(answer.error), 'error');
    const result = answer.data.placeOrder;
    try {
      if (placed.current && result.redirectUrl) {
        // The cart is empty now; the header's mini cart learns it from the server.
        void apollo.get().then((client) => client.refetchQueries({ include: [CartDocument] }));
        if (result.redirectUrl.startsWith('/')) await navigate(result.redirectUrl);
        else window.location.assign(result.redirectUrl);
        return;
      }
      orderKey.current = null;
      if (result.status === 'INVALID') {
        if (checkout) setAnswer({ ...checkout, validationErrors: result.validationErrors });
        setJudged(sent);
        showInvalid(result.validationErrors);
        notify(intl.formatMessage({ id: 'checkout.fieldsInvalid' }), 'error');
        // The totals may have moved on too: a gift card spent meanwhile no longer pays it all, and the payment
        // choices it hid must come back with the error asking for one.
        void save();
      } else {
        setOrderMessage(result.message ?? intl.formatMessage({ id: 'error.generic' }));
        void save();
      }
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
    }
  };

  // The form waits for the saved details the first time, so nothing typed meets a prefill arriving under it; a
  // shopper who signs in on this page keeps the form in front of them meanwhile.
  const [shown, setShown] = useState(false);
  const ready = cartRead && (!cartId || (checkout !== null && (customerSettled || shown)));
  if (ready && cartId && !shown) setShown(true);
  return {
    ready,
    failed: Boolean(query.error) && !checkout,
    retry: () => void query.refetch().catch(() => undefined),
    cartId,
    form,
    checkout,
    change,
    blur,
    errorFor,
    placeOrder,
    placing,
    orderMessage,
    refresh: () => void save(),
    offline: !online,
  };
}
