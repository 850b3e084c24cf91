// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, FieldError, focusFirstProblem, SubmitButton, TextField } from '.';

afterEach(cleanup);

describe('the form kit', () => {
  it('ties a field to its label and hint, and marks it valid while it has no error', () => {
    render(<TextField id="zip" label="Postnummer" hint="Fem siffror" value="" onChange={() => undefined} />);
    const input = screen.getByLabelText('Postnummer');
    expect(input.id).toBe('zip');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('zip-hint');
    expect(document.getElementById('zip-hint')?.textContent).toBe('Fem siffror');
    expect(document.querySelector('.field__error')).toBeNull();
  });

  it('marks a field with an error invalid and has it described by the hint and the error', () => {
    render(<TextField id="email" label="E-post" hint="Dit kvitto" error="Du måste ange en giltig email" value="x" onChange={() => undefined} />);
    const input = screen.getByLabelText('E-post');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error');
    const error = document.getElementById('email-error')!;
    expect(error.textContent).toBe('Du måste ange en giltig email');
    // Shown next to the field the shopper is on: heard through the field, not as an interrupting alert.
    expect(error.getAttribute('role')).toBeNull();
  });

  it('announces an error that comes after a submit when asked to', () => {
    render(<TextField id="code" label="Rabattkod" error="Koden är ej giltig" announce value="" onChange={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Koden är ej giltig');
    expect(screen.getByRole('alert').id).toBe('code-error');
  });

  it('hands any control (a select) the same wiring', () => {
    render(
      <Field id="country" label="Land" error="Välj ett land">
        {(control) => (
          <select {...control}>
            <option>SE</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Land' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('country-error');
  });

  it('reports each typed value', () => {
    const typed: string[] = [];
    render(<TextField id="name" label="Namn" value="" onChange={(value) => typed.push(value)} />);
    fireEvent.change(screen.getByLabelText('Namn'), { target: { value: 'Åsa' } });
    expect(typed).toEqual(['Åsa']);
  });

  it('puts a row\'s button beside the input, outside the label', () => {
    render(<TextField id="nl" label="E-post" value="" onChange={() => undefined} row={{ className: 'row', after: <SubmitButton pending={false}>Skicka</SubmitButton> }} />);
    const row = document.querySelector('.row')!;
    expect(row.querySelector('input')?.id).toBe('nl');
    expect(row.querySelector('button')?.textContent).toBe('Skicka');
  });

  it('keeps the submit button unusable and busy while pending, with the pending text', () => {
    const { rerender } = render(
      <SubmitButton pending={false} pendingLabel="Skickar…">
        Logga in
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Logga in' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(
      <SubmitButton pending pendingLabel="Skickar…">
        Logga in
      </SubmitButton>,
    );
    const busy = screen.getByRole('button', { name: 'Skickar…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    rerender(
      <SubmitButton pending={false} disabled>
        Logga in
      </SubmitButton>,
    );
    expect((screen.getByRole('button', { name: 'Logga in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a form\'s own error only when there is one', () => {
    const { container, rerender } = render(<FieldError announce>{null}</FieldError>);
    expect(container.innerHTML).toBe('');
    rerender(<FieldError announce className="account-form__error">Fel lösenord</FieldError>);
    expect(screen.getByRole('alert').className).toBe('field__error account-form__error');
  });

  it('moves focus to the first invalid control of a form', () => {
    render(
      <form data-testid="form">
        <TextField id="a" label="A" value="" onChange={() => undefined} />
        <TextField id="b" label="B" error="Fel" value="" onChange={() => undefined} />
        <TextField id="c" label="C" error="Fel" value="" onChange={() => undefined} />
      </form>,
    );
    focusFirstProblem(screen.getByTestId('form') as HTMLFormElement);
    expect(document.activeElement?.id).toBe('b');
  });
});
