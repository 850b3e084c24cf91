// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './Icon';

describe('the notification badge (cart, favorites)', () => {
  afterEach(cleanup);

  it('shows only above 0', () => {
    expect(render(<Badge count={0} />).container.textContent).toBe('');
    expect(render(<Badge count={-1} />).container.textContent).toBe('');
    expect(render(<Badge count={1} />).container.textContent).toBe('1');
  });

  it('caps what it shows at 99+', () => {
    expect(render(<Badge count={120} />).container.textContent).toBe('99+');
  });
});
