import type { ReactNode } from 'react';

/**
 * A refusal's text: a field's (with the id its control's aria-describedby names) or the whole form's. Nothing
 * while there is none. `announce` makes it an alert, heard as it appears.
 */
export function FieldError({ id, announce = false, className, children }: { id?: string; announce?: boolean; className?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={className ? `field__error ${className}` : 'field__error'} id={id} role={announce ? 'alert' : undefined}>
      {children}
    </p>
  );
}
