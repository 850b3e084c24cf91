import { FormattedMessage } from '../../i18n/intl';
import { FieldError, SubmitButton } from '../../components/form';
import type { MessageId } from '../../i18n/messages';
import { useClientErrorOf } from '../../lib/use-client-error';

/** What the whole form says went wrong, announced as it appears. */
export function FormError({ text }: { text: string | null }) {
  return (
    <FieldError className="account-form__error" announce>
      {text}
    </FieldError>
  );
}

/** The account forms' submit button: "Skickar…" while the request runs. */
export function AccountSubmit({ busy, label }: { busy: boolean; label: MessageId }) {
  return (
    <SubmitButton pending={busy} className="button button--primary account-form__submit" pendingLabel={<FormattedMessage id="account.sending" />}>
      <FormattedMessage id={label} />
    </SubmitButton>
  );
}

/** The server's text for a refused call, or the generic one when it gave none (no network, a crash). */
export function useFailureText(): (error: unknown) => string {
  const errorOf = useClientErrorOf();
  return (error: unknown) => errorOf(error).message;
}
