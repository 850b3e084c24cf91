import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'>;

export interface TextFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  announce?: boolean;
  /** The element around the field (see Field). */
  className?: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Beside the input, in one row (a code field's Apply button): the row's class and what goes after the input. */
  row?: { className: string; after: ReactNode };
}

/** A Field whose control is a one-line text input (text, email, password, tel). */
export function TextField({ id, label, hint, error, announce, className, value, onChange, inputRef, row, type = 'text', ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} announce={announce} className={className}>
      {(control) => {
        const field = <input ref={inputRef} {...input} {...control} className="field__input" type={type} value={value} onChange={(event) => onChange(event.target.value)} />;
        return row ? (
          <div className={row.className}>
            {field}
            {row.after}
          </div>
        ) : (
          field
        );
      }}
    </Field>
  );
}
