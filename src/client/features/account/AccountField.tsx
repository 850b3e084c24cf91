import type { HTMLAttributes, Ref } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import type { FieldProblem } from './validation';

interface Props {
  id: string;
  name: string;
  label: MessageId;
  value: string;
  onChange: (value: string) => void;
  problem?: FieldProblem | null;
  /** Password managers fill and save by these: email, current-password, new-password, given-name, … */
  autoComplete: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** One labelled account field with its problem shown right below it, tied to it for screen readers. */
export function AccountField({ id, name, label, value, onChange, problem, autoComplete, type = 'text', inputMode, required = true, inputRef }: Props) {
  const intl = useIntl();
  const errorId = `${id}-error`;
  return (
    <div className="account-field">
      <label className="field__label" htmlFor={id}>
        {intl.formatMessage({ id: label })}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="field__input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p className="field__error" id={errorId}>
          {intl.formatMessage({ id: problem.id }, problem.values)}
        </p>
      )}
    </div>
  );
}

/** Moves focus to the first field the form marked, so the shopper lands on what to fix. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
