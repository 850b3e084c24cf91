import type { ReactNode } from 'react';

/**
 * A form's submit button: unusable and marked busy while the form's request runs (one tap, one request), with the
 * pending text when it has one. 44 px tall at least (.button).
 */
export function SubmitButton({
  pending,
  disabled = false,
  className = 'button',
  pendingLabel,
  describedBy,
  children,
}: {
  pending: boolean;
  /** Unusable for another reason too (the page has not hydrated yet: a tap would post the page). */
  disabled?: boolean;
  className?: string;
  pendingLabel?: ReactNode;
  /** The id of a text saying why the button cannot be used now. */
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} aria-busy={pending || undefined} aria-describedby={describedBy}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
