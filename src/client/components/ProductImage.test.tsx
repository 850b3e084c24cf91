// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from '../i18n/intl';
import { catalogs } from '../i18n/intl-test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductImage } from './ProductImage';

const inSwedish = (node: React.ReactNode) => render(<IntlProvider locale="sv-SE" messages={catalogs.sv}>{node}</IntlProvider>);

// Every seeded product has pictures now, so the browser tests no longer meet the placeholder; it stays for
// products staff add without any.
describe('ProductImage', () => {
  afterEach(cleanup);

  it('says a picture is missing, in words, for a product without pictures', () => {
    inSwedish(<ProductImage images={null} name="Metroid" />);
    const placeholder = screen.getByRole('img', { name: 'Bild saknas' });
    expect(placeholder.textContent).toBe('Bild saknas');
  });

  it('is decorative when the picture has no name of its own', () => {
    inSwedish(<ProductImage images={[]} name="" />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the first picture in an eager, sized image', () => {
    inSwedish(<ProductImage images={['p1-1.svg', 'p1-2.svg']} name="Metroid" eager />);
    const img = screen.getByRole('img', { name: 'Metroid' });
    expect(img.getAttribute('src')).toBe('/images/p1-1.svg');
    expect(img.getAttribute('width')).toBe('248');
  });
});
