/** Moves focus to the first control the form marked invalid, so the shopper lands on what to fix. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
