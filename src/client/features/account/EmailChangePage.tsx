import './account-styles';
import { useState } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_PATHS } from '../../../shared/auth';
import { routes } from '../../../shared/routes';
import { Head } from '../../components/Head';
import { useLanguageId } from '../../hooks/use-language';
import { FieldError } from '../../components/form';
import { readToken } from '../../lib/auth-token';
import { notify, openPanel } from '../../lib/ui-state';
import { FormError, useFailureText } from './account-form-parts';
import { ResetPasswordForm } from './AuthForms';
import { callAuth } from './auth-client';
import { signOut } from './session';
import { useStartSession } from './use-session';

/**
 * Where the e-mail change's mails lead (routes.emailChange): ?key=… from the new address confirms it with a button
 * (a mail scanner fetching the link must not move an account); ?undo=1&key=… from the old address moves the account
 * back, also on a press, then asks for a new password with the reset key the server answers.
 */
export function EmailChangePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const key = params.get('key');
  const undo = params.has('undo');
  const title = intl.formatMessage({ id: undo ? 'account.email.undoTitle' : 'account.email.confirmTitle' });
  return (
    <div className="account-page account-page--narrow">
      <Head title={title} />
      <h1>{title}</h1>
      {!key ? (
        <p>
          <FormattedMessage id="account.email.noKey" />
        </p>
      ) : undo ? (
        <UndoEmailChange emailKey={key} />
      ) : (
        <ConfirmEmailChange emailKey={key} />
      )}
    </div>
  );
}

function ConfirmEmailChange({ emailKey }: { emailKey: string }) {
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const start = useStartSession();
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      start();
      // Signed in here, this browser's session is the one the server keeps (every other one ends).
      const token = readToken();
      const { message } = await callAuth(AUTH_PATHS.confirmEmail, { key: emailKey }, { languageId, token });
      if (token) {
        notify(message ?? '', 'success');
        await navigate(routes.accountSettings(languageId), { replace: true });
      } else {
        setDone(message ?? '');
      }
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  if (done !== null) {
    return (
      <>
        <p role="status">{done}</p>
        <button type="button" className="button button--primary" onClick={() => openPanel('account', 'login')}>
          <FormattedMessage id="account.login.title" />
        </button>
      </>
    );
  }
  return (
    <>
      <p>
        <FormattedMessage id="account.email.confirmText" />
      </p>
      <FormError text={failure} />
      <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
        <FormattedMessage id={busy ? 'account.sending' : 'account.email.confirm'} />
      </button>
    </>
  );
}

type UndoState = { resetKey: string; message: string } | { error: unknown } | null;

function UndoEmailChange({ emailKey }: { emailKey: string }) {
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const start = useStartSession();
  const failureText = useFailureText();
  const [state, setState] = useState<UndoState>(null);
  const [busy, setBusy] = useState(false);

  // On a press, as the confirm page: a mail scanner that opens the link (some run its scripts) must not end every
  // session and lock the password of an owner who changed the address on purpose.
  const undoChange = async () => {
    setBusy(true);
    try {
      start();
      const answer = await callAuth(AUTH_PATHS.undoEmail, { key: emailKey }, { languageId });
      // Every session of the account has ended, this browser's with them.
      if (readToken()) await signOut({ callServer: false });
      setState({ resetKey: answer.key ?? '', message: answer.message ?? '' });
    } catch (error) {
      setState({ error });
    } finally {
      setBusy(false);
    }
  };

  if (state === null) {
    return (
      <>
        <p>
          <FormattedMessage id="account.email.undoText" />
        </p>
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void undoChange()}>
          <FormattedMessage id={busy ? 'account.email.undoing' : 'account.email.undo'} />
        </button>
      </>
    );
  }
  if ('error' in state) {
    return (
      <>
        <FieldError announce>{failureText(state.error)}</FieldError>
        <button type="button" className="button" onClick={() => openPanel('account', 'forgot')}>
          <FormattedMessage id="account.forgot.title" />
        </button>
      </>
    );
  }
  return (
    <>
      <p role="status">{state.message}</p>
      <ResetPasswordForm
        resetKey={state.resetKey}
        onDone={(signedIn) => {
          if (signedIn) void navigate(routes.accountOrders(languageId), { replace: true });
          else openPanel('account', 'login');
        }}
      />
    </>
  );
}
