import { Fragment, type ReactNode } from 'react';
import { FieldError } from './FieldError';

/** What a field's control (input, textarea, select) takes from its Field to be read with its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and the error take it with -hint and -error. */
  id: string;
  label: ReactNode;
  /** Shown under the control, read with it. */
  hint?: ReactNode;
  /** What is wrong with the value, in the shopper's language; the control is marked invalid while there is one. */
  error?: string | null;
  /** Announce the error as it appears (role=alert): for a form whose error comes after a submit, away from the focus. */
  announce?: boolean;
  /** The element around label, control, hint and error; without one they sit straight in the form's own layout. */
  className?: string;
  /** The control, given the ids and states that tie it to the label, hint and error (a row may hold a button too). */
  children: (control: FieldControl) => ReactNode;
}

/**
 * One labelled form control with its hint and its error, tied together for screen readers: the label by `for`,
 * the hint and the error by aria-describedby, the error's presence by aria-invalid. Every form of the shop is built
 * from it, so each field is heard the same way; the look (44 px tall controls, full width down to 320 px) is
 * form.css's.
 */
export function Field({ id, label, hint, error, announce = false, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const content = (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} announce={announce}>
        {error}
      </FieldError>
    </>
  );
  return className ? <div className={className}>{content}</div> : <Fragment>{content}</Fragment>;
}
