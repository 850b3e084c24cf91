import './account-styles';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_PATHS, SHORT_SESSION_MINUTES, type AuthRequest } from '../../../shared/auth';
import { RETURN_TO_PARAM, safeReturnPath } from '../../../shared/routes';
import { focusFirstProblem, TextField, type TextFieldProps } from '../../components/form';
import { useLanguageId } from '../../hooks/use-language';
import { closePanel, notify, openPanel } from '../../lib/ui-state';
import { AccountSubmit, FormError, useFailureText } from './account-form-parts';
import { AuthError, callAuth, hashPassword } from './auth-client';
import { reportCustomerEvent } from '../analytics';
import { signedIn } from './session';
import { useStartSession } from './use-session';
import { confirmationProblem, emailProblem, newPasswordProblem, passwordProblem, problemsOf, requiredProblem, useProblemText, type FieldProblem } from './validation';
import type { MessageId } from '../../i18n/messages';

type Problems<Field extends string> = Partial<Record<Field, FieldProblem>>;

/**
 * Login and register: sends the request, signs the tab in with the token it answers, closes the panel and says so,
 * and goes on to the page the guard stopped the visitor at (?returnTo); a refusal shows the server's text in the form.
 */
function usePanelSignIn(successId: 'account.success.loggedIn' | 'account.success.registered') {
  const intl = useIntl();
  const languageId = useLanguageId();
  const start = useStartSession();
  const location = useLocation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (path: typeof AUTH_PATHS.login | typeof AUTH_PATHS.register, body: () => Promise<AuthRequest>) => {
    setBusy(true);
    try {
      start();
      const { success } = await callAuth(path, await body(), { languageId });
      if (!success) throw new AuthError('', 'NETWORK', 0);
      await signedIn(success);
      reportCustomerEvent(path === AUTH_PATHS.register ? 'register' : 'login');
      closePanel();
      notify(intl.formatMessage({ id: successId }), 'success');
      const returnTo = safeReturnPath(new URLSearchParams(location.search).get(RETURN_TO_PARAM));
      if (returnTo) void navigate(returnTo, { replace: true });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return { failure, setFailure, busy, send };
}

export function LoginForm() {
  const intl = useIntl();
  const problemText = useProblemText();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [problems, setProblems] = useState<Problems<'email' | 'password'>>({});
  const { failure, setFailure, busy, send } = usePanelSignIn('account.success.loggedIn');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf({ email: emailProblem(email), password: passwordProblem(password) });
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return requestAnimationFrame(() => focusFirstProblem(form.current));
    await send(AUTH_PATHS.login, async () => ({
      username: email.trim(),
      password: await hashPassword(password),
      ...(remember ? {} : { sessionLifetime: SHORT_SESSION_MINUTES }),
    }));
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate aria-label={intl.formatMessage({ id: 'account.login.title' })} onSubmit={submit}>
      <TextField className="account-field" required id={`${id}-email`} name="email" label={intl.formatMessage({ id: 'checkout.field.email' })} type="email" inputMode="email" autoComplete="email" value={email} onChange={setEmail} error={problemText(problems.email)} />
      <TextField className="account-field" required id={`${id}-password`} name="password" label={intl.formatMessage({ id: 'account.field.password' })} type="password" autoComplete="current-password" value={password} onChange={setPassword} error={problemText(problems.password)} />
      <label className="account-form__check">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <FormattedMessage id="account.rememberMe" />
      </label>
      <FormError text={failure} />
      <AccountSubmit busy={busy} label="account.login.submit" />
      <div className="account-form__links">
        <button type="button" className="link-button" onClick={() => openPanel('account', 'forgot')}>
          <FormattedMessage id="account.toForgot" />
        </button>
        <button type="button" className="link-button" onClick={() => openPanel('account', 'register')}>
          <FormattedMessage id="account.toRegister" />
        </button>
      </div>
    </form>
  );
}

type RegisterField = 'firstName' | 'lastName' | 'companyName' | 'organisationIdNumber' | 'email' | 'password' | 'confirmation';

export function RegisterForm() {
  const intl = useIntl();
  const problemText = useProblemText();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [customerType, setCustomerType] = useState<'PERSON' | 'ORGANIZATION'>('PERSON');
  const [fields, setFields] = useState<Record<RegisterField, string>>({
    firstName: '',
    lastName: '',
    companyName: '',
    organisationIdNumber: '',
    email: '',
    password: '',
    confirmation: '',
  });
  const [newsletterConsent, setNewsletterConsent] = useState(false);
  const [problems, setProblems] = useState<Problems<RegisterField>>({});
  const { failure, setFailure, busy, send } = usePanelSignIn('account.success.registered');
  const company = customerType === 'ORGANIZATION';
  const set = (field: RegisterField) => (value: string) => setFields((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf<RegisterField>({
      firstName: requiredProblem(fields.firstName),
      lastName: requiredProblem(fields.lastName),
      companyName: company ? requiredProblem(fields.companyName) : null,
      organisationIdNumber: company ? requiredProblem(fields.organisationIdNumber) : null,
      email: emailProblem(fields.email),
      password: newPasswordProblem(fields.password),
      confirmation: confirmationProblem(fields.password, fields.confirmation),
    });
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return requestAnimationFrame(() => focusFirstProblem(form.current));
    await send(AUTH_PATHS.register, async () => ({
      username: fields.email.trim(),
      password: await hashPassword(fields.password),
      customerType,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      ...(company ? { companyName: fields.companyName.trim(), organisationIdNumber: fields.organisationIdNumber.trim() } : {}),
      newsletterConsent,
    }));
  };

  const field = (name: RegisterField, label: MessageId, autoComplete: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField className="account-field" required id={`${id}-${name}`} name={name} label={intl.formatMessage({ id: label })} autoComplete={autoComplete} value={fields[name]} onChange={set(name)} error={problemText(problems[name])} {...extra} />
  );

  return (
    <form ref={form} className="account-form" method="post" noValidate aria-label={intl.formatMessage({ id: 'account.register.title' })} onSubmit={submit}>
      <fieldset className="account-form__choice">
        <legend className="field__label">
          <FormattedMessage id="account.customerType" />
        </legend>
        {(['PERSON', 'ORGANIZATION'] as const).map((type) => (
          <label key={type} className="account-form__radio">
            <input type="radio" name="customerType" value={type} checked={customerType === type} onChange={() => setCustomerType(type)} />
            <FormattedMessage id={type === 'PERSON' ? 'customerType.person' : 'customerType.organization'} />
          </label>
        ))}
      </fieldset>
      {company && field('companyName', 'checkout.field.companyName', 'organization')}
      {company && field('organisationIdNumber', 'checkout.field.organisationIdNumber', 'off')}
      {field('firstName', 'checkout.field.firstName', 'given-name')}
      {field('lastName', 'checkout.field.lastName', 'family-name')}
      {field('email', 'checkout.field.email', 'email', { type: 'email', inputMode: 'email' })}
      {field('password', 'account.field.password', 'new-password', { type: 'password' })}
      {field('confirmation', 'account.field.confirmPassword', 'new-password', { type: 'password' })}
      <label className="account-form__check">
        <input type="checkbox" checked={newsletterConsent} onChange={(event) => setNewsletterConsent(event.target.checked)} />
        <FormattedMessage id="checkout.field.newsletterConsent" />
      </label>
      <FormError text={failure} />
      <AccountSubmit busy={busy} label="account.register.submit" />
      <div className="account-form__links">
        <button type="button" className="link-button" onClick={() => openPanel('account', 'login')}>
          <FormattedMessage id="account.toLogin" />
        </button>
      </div>
    </form>
  );
}

export function ForgotPasswordForm() {
  const intl = useIntl();
  const problemText = useProblemText();
  const languageId = useLanguageId();
  const failureText = useFailureText();
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    setFailure(null);
    if (found) return input.current?.focus();
    setBusy(true);
    try {
      const { message } = await callAuth(AUTH_PATHS.forgotPassword, { username: email.trim() }, { languageId });
      openPanel('account', 'login');
      notify(message ?? intl.formatMessage({ id: 'account.success.resetSent' }), 'success');
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" method="post" noValidate aria-label={intl.formatMessage({ id: 'account.forgot.title' })} onSubmit={submit}>
      <p>
        <FormattedMessage id="account.forgot.text" />
      </p>
      <TextField className="account-field" required id={`${id}-email`} name="email" label={intl.formatMessage({ id: 'checkout.field.email' })} type="email" inputMode="email" autoComplete="email" value={email} onChange={setEmail} error={problemText(problem)} inputRef={input} />
      <FormError text={failure} />
      <AccountSubmit busy={busy} label="account.forgot.submit" />
      <div className="account-form__links">
        <button type="button" className="link-button" onClick={() => openPanel('account', 'login')}>
          <FormattedMessage id="account.toLogin" />
        </button>
      </div>
    </form>
  );
}

/** A new password from the reset mail's link: its key, the password twice. Signs the shopper in when the server answers a token. */
export function ResetPasswordForm({ resetKey, onDone }: { resetKey: string; onDone: (signedIn: boolean) => void }) {
  const intl = useIntl();
  const problemText = useProblemText();
  const languageId = useLanguageId();
  const start = useStartSession();
  const failureText = useFailureText();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<Problems<'password' | 'confirmation'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf({ password: newPasswordProblem(password), confirmation: confirmationProblem(password, confirmation) });
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return requestAnimationFrame(() => focusFirstProblem(form.current));
    setBusy(true);
    try {
      start();
      const { success } = await callAuth(AUTH_PATHS.resetPassword, { key: resetKey, newPassword: await hashPassword(password) }, { languageId });
      if (success) await signedIn(success);
      notify(intl.formatMessage({ id: 'account.success.passwordChanged' }), 'success');
      onDone(Boolean(success));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate aria-label={intl.formatMessage({ id: 'account.reset.title' })} onSubmit={submit}>
      <TextField className="account-field" required id={`${id}-password`} name="password" label={intl.formatMessage({ id: 'account.field.newPassword' })} type="password" autoComplete="new-password" value={password} onChange={setPassword} error={problemText(problems.password)} />
      <TextField
        className="account-field"
        required
        id={`${id}-confirmation`}
        name="confirmation"
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        error={problemText(problems.confirmation)}
      />
      <FormError text={failure} />
      <AccountSubmit busy={busy} label="account.reset.submit" />
    </form>
  );
}
