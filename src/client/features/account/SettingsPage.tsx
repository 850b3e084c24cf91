import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { AUTH_PATHS } from '../../../shared/auth';
import { shippingCountryCodes } from '../../../shared/shipping-countries';
import { routes } from '../../../shared/routes';
import { AccountUserDocument } from '../../graphql/generated/documents/AccountUser';
import { DeleteUserDocument } from '../../graphql/generated/documents/DeleteUser';
import { UpdateUserDocument } from '../../graphql/generated/documents/UpdateUser';
import type { AccountUserQuery, UserFieldsFragment, UserInput } from '../../graphql/generated/operations';
import { useChannelVariables, useLanguageId } from '../../hooks/use-language';
import { readToken } from '../../lib/auth-token';
import { Field, FieldError, focusFirstProblem, SubmitButton, TextField, type TextFieldProps } from '../../components/form';
import type { MessageId } from '../../i18n/messages';
import type { ClientError } from '../../lib/client-error';
import { formMessageOf } from '../../lib/client-error';
import type { LoaderEnv } from '../../lib/route-context';
import { notify } from '../../lib/ui-state';
import { useClientErrorOf } from '../../lib/use-client-error';
import { useShopMutation } from '../../lib/use-shop-mutation';
import { AccountFrame, SigningIn } from './AccountFrame';
import { AccountSubmit, FormError } from './account-form-parts';
import { accountLoader, type AccountLoaderData } from './account-loader';
import { AuthError, callAuth, hashPassword } from './auth-client';
import { signedIn, signOut } from './session';
import { useStartSession } from './use-session';
import { confirmationProblem, emailProblem, newPasswordProblem, passwordProblem, problemsOf, requiredProblem, useProblemText, type FieldProblem, type ShownProblem } from './validation';

export function settingsLoader(args: LoaderFunctionArgs, env: LoaderEnv) {
  return accountLoader(args, env, AccountUserDocument);
}

export function SettingsPage() {
  const loaded = useLoaderData() as AccountLoaderData<AccountUserQuery>;
  if (loaded.signingIn) return <SigningIn />;
  const user = loaded.data.getUser;
  return (
    <AccountFrame title="account.settings.title" user={user}>
      {/* A new user (after a save elsewhere, or a shop-as switch) starts the form afresh. */}
      <DetailsForm key={`${user.customerId}`} user={user} />
      <PasswordForm />
      <DeleteAccount />
    </AccountFrame>
  );
}

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'organisationIdNumber',
  'email',
  'phoneNumber',
  'careOf',
  'streetAddress',
  'addressLine2',
  'zip',
  'city',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Details = Record<TextField | 'country', string> & { newsletterConsent: boolean };

function detailsOf(user: UserFieldsFragment): Details {
  const details = Object.fromEntries(TEXT_FIELDS.map((field) => [field, user[field] ?? ''])) as Record<TextField, string>;
  return { ...details, country: user.country, newsletterConsent: user.newsletterConsent };
}

const AUTOCOMPLETE: Record<TextField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  organisationIdNumber: 'off',
  email: 'email',
  phoneNumber: 'tel',
  careOf: 'off',
  streetAddress: 'address-line1',
  addressLine2: 'address-line2',
  zip: 'postal-code',
  city: 'address-level2',
};

type Problems = Partial<Record<TextField | 'password', ShownProblem>>;

/**
 * What a refused mutation shows: each bad field's text (BAD_USER_INPUT's extensions.fields) at the field, and a
 * text for the whole form unless it only repeats the one at a field.
 */
function refusal(error: ClientError): { fields: Problems; message: string | null } {
  const fields: Problems = Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, { text }]));
  return { fields, message: formMessageOf(error) };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function DetailsForm({ user }: { user: UserFieldsFragment }) {
  const intl = useIntl();
  const channel = useChannelVariables();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const [details, setDetails] = useState(() => detailsOf(user));
  // Moving the account to another address asks for the current password (a stolen token alone must not).
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailChanged = !sameAddress(details.email, user.email);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const problemText = useProblemText();
  const [update, { loading }] = useShopMutation(UpdateUserDocument);
  const company = user.customerType === 'ORGANIZATION';
  const set = (field: TextField) => (value: string) => setDetails((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf<TextField | 'password'>({
      firstName: requiredProblem(details.firstName),
      lastName: requiredProblem(details.lastName),
      email: emailProblem(details.email),
      companyName: company ? requiredProblem(details.companyName) : null,
      organisationIdNumber: company ? requiredProblem(details.organisationIdNumber) : null,
      phoneNumber: null,
      careOf: null,
      streetAddress: null,
      addressLine2: null,
      zip: null,
      city: null,
      password: emailChanged ? passwordProblem(password) : null,
    });
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return requestAnimationFrame(() => focusFirstProblem(form.current));
    const input: UserInput = { country: details.country, newsletterConsent: details.newsletterConsent };
    for (const field of TEXT_FIELDS) {
      if (!company && (field === 'companyName' || field === 'organisationIdNumber')) continue;
      input[field] = details[field].trim() || null;
    }
    const requested = details.email.trim();
    const result = await update({ user: input, password: emailChanged ? await hashPassword(password) : undefined, ...channel });
    if (result.error) {
      const { fields, message } = refusal(result.error);
      setProblems(fields);
      setFailure(message);
      requestAnimationFrame(() => focusFirstProblem(form.current));
      return;
    }
    // The answer keeps the old address: the new one becomes the account's once the link mailed to it is opened.
    setDetails(detailsOf(result.data.updateUser));
    setPassword('');
    setSentTo(emailChanged ? requested : null);
    notify(intl.formatMessage(emailChanged ? { id: 'account.settings.emailConfirmSent' } : { id: 'account.success.saved' }, { email: requested }), 'success');
    void revalidator.revalidate();
  };

  const field = (name: TextField, label: MessageId, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      className="account-field"
      id={`${id}-${name}`}
      name={name}
      label={intl.formatMessage({ id: label })}
      autoComplete={AUTOCOMPLETE[name]}
      value={details[name]}
      onChange={set(name)}
      error={problemText(problems[name])}
      {...extra}
    />
  );

  return (
    <form ref={form} className="account-form account-section" method="post" noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="account.settings.details" />
      </h2>
      <div className="account-form__grid">
        {company && field('companyName', 'checkout.field.companyName', { required: true })}
        {company && field('organisationIdNumber', 'checkout.field.organisationIdNumber', { required: true })}
        {field('firstName', 'checkout.field.firstName', { required: true })}
        {field('lastName', 'checkout.field.lastName', { required: true })}
        {field('email', 'checkout.field.email', { type: 'email', inputMode: 'email', required: true })}
        {emailChanged && (
          <div className="account-form__email-password">
            <p>
              <FormattedMessage id="account.settings.emailPassword" />
            </p>
            <TextField
              className="account-field"
              required
              id={`${id}-password`}
              name="current-password"
              label={intl.formatMessage({ id: 'account.field.currentPassword' })}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={problemText(problems.password)}
            />
          </div>
        )}
        {field('phoneNumber', 'checkout.field.phoneNumber', { type: 'tel', inputMode: 'tel' })}
      </div>
      {sentTo && !emailChanged && (
        <p className="account-form__note" role="status">
          <FormattedMessage id="account.settings.emailConfirmSent" values={{ email: sentTo }} />
        </p>
      )}
      <h3>
        <FormattedMessage id="account.settings.address" />
      </h3>
      <div className="account-form__grid">
        {field('careOf', 'checkout.field.careOf')}
        {field('streetAddress', 'checkout.field.streetAddress')}
        {field('addressLine2', 'checkout.field.addressLine2')}
        {field('zip', 'checkout.field.zip', { inputMode: 'numeric' })}
        {field('city', 'checkout.field.city')}
        <Field className="account-field" id={`${id}-country`} label={<FormattedMessage id="checkout.field.country" />}>
          {(control) => (
            <select
              {...control}
              name="country"
              className="field__input"
              autoComplete="country"
              value={details.country}
              onChange={(event) => setDetails((current) => ({ ...current, country: event.target.value }))}
            >
              {shippingCountryCodes.map((code) => (
                <option key={code} value={code}>
                  {intl.formatMessage({ id: `checkout.country.${code}` })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <h3>
        <FormattedMessage id="account.settings.newsletter" />
      </h3>
      <label className="account-form__check">
        <input type="checkbox" checked={details.newsletterConsent} onChange={(event) => setDetails((current) => ({ ...current, newsletterConsent: event.target.checked }))} />
        <FormattedMessage id="checkout.field.newsletterConsent" />
      </label>
      <FormError text={failure} />
      <AccountSubmit busy={loading} label="account.settings.save" />
    </form>
  );
}

function PasswordForm() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const start = useStartSession();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState({ current: '', password: '', confirmation: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof typeof fields, FieldProblem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemText = useProblemText();
  const errorOf = useClientErrorOf();
  const set = (field: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf({
      current: passwordProblem(fields.current),
      password: newPasswordProblem(fields.password),
      confirmation: confirmationProblem(fields.password, fields.confirmation),
    });
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return requestAnimationFrame(() => focusFirstProblem(form.current));
    setBusy(true);
    start();
    try {
      const { success } = await callAuth(
        AUTH_PATHS.password,
        { password: await hashPassword(fields.current), newPassword: await hashPassword(fields.password) },
        { languageId, token: readToken() },
      );
      // The change ends the other sessions; this one goes on with the token it answered.
      if (success) await signedIn(success);
      setFields({ current: '', password: '', confirmation: '' });
      notify(intl.formatMessage({ id: 'account.success.passwordChanged' }), 'success');
    } catch (error) {
      const text = errorOf(error).message;
      if (error instanceof AuthError && (error.code === 'WRONG_PASSWORD_LOGGED_OUT' || error.status === 401)) {
        // A wrong current password ends the session on the server: the browser follows.
        await signOut({ callServer: false });
        notify(text, 'error');
        await navigate(routes.home(languageId), { replace: true });
        return;
      }
      setFailure(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="account-form account-section" method="post" noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="account.settings.password" />
      </h2>
      {/* For password managers: which account the new password belongs to. */}
      <TextField
        className="account-field"
        required
        id={`${id}-current`}
        name="current-password"
        label={intl.formatMessage({ id: 'account.field.currentPassword' })}
        type="password"
        autoComplete="current-password"
        value={fields.current}
        onChange={set('current')}
        error={problemText(problems.current)}
      />
      <TextField
        className="account-field"
        required
        id={`${id}-new`}
        name="new-password"
        label={intl.formatMessage({ id: 'account.field.newPassword' })}
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
        error={problemText(problems.password)}
      />
      <TextField
        className="account-field"
        required
        id={`${id}-confirmation`}
        name="confirm-password"
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        type="password"
        autoComplete="new-password"
        value={fields.confirmation}
        onChange={set('confirmation')}
        error={problemText(problems.confirmation)}
      />
      <FormError text={failure} />
      <AccountSubmit busy={busy} label="account.settings.changePassword" />
    </form>
  );
}

function DeleteAccount() {
  const intl = useIntl();
  const channel = useChannelVariables();
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const start = useStartSession();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  // Deleting asks for the password: a stolen token alone must not erase the account.
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<ShownProblem | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const problemText = useProblemText();
  const [remove, { loading }] = useShopMutation(DeleteUserDocument);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const missing = passwordProblem(password) ?? undefined;
    setProblem(missing);
    setFailure(null);
    if (missing) return requestAnimationFrame(() => focusFirstProblem(form.current));
    start();
    const result = await remove({ password: await hashPassword(password), ...channel });
    if (result.error) {
      const { fields, message } = refusal(result.error);
      setProblem(fields.password);
      setFailure(message);
      requestAnimationFrame(() => focusFirstProblem(form.current));
      return;
    }
    // The server ended every session of the account.
    await signOut({ callServer: false });
    notify(result.data.deleteUser.message || intl.formatMessage({ id: 'account.success.deleted' }), 'success');
    await navigate(routes.home(languageId), { replace: true });
  };
  const cancel = () => {
    setConfirming(false);
    setPassword('');
    setProblem(undefined);
    setFailure(null);
  };
  return (
    <section className="account-section account-delete" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="account.settings.delete" />
      </h2>
      <p>
        <FormattedMessage id="account.settings.deleteText" />
      </p>
      {confirming ? (
        <form ref={form} className="account-delete__confirm" method="post" noValidate aria-labelledby={`${id}-question`} onSubmit={confirm}>
          <p id={`${id}-question`}>
            <strong>
              <FormattedMessage id="account.settings.deleteQuestion" />
            </strong>
          </p>
          <p>
            <FormattedMessage id="account.settings.deletePassword" />
          </p>
          <TextField
            className="account-field"
            required
            id={`${id}-password`}
            name="current-password"
            label={intl.formatMessage({ id: 'account.field.currentPassword' })}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={problemText(problem)}
          />
          <FieldError announce>{failure}</FieldError>
          <SubmitButton pending={loading} className="button button--danger">
            <FormattedMessage id="account.settings.deleteConfirm" />
          </SubmitButton>
          <button type="button" className="button" onClick={cancel}>
            <FormattedMessage id="account.settings.cancel" />
          </button>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          <FormattedMessage id="account.settings.delete" />
        </button>
      )}
    </section>
  );
}
