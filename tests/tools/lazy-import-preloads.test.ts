import { describe, expect, it } from 'vitest';
import { chunksImportingStyles, lazyImportPreloads } from '../../vite.config';

const chunk = (fileName: string, imports: string[] = [], css: string[] = []) => ({ fileName, imports, viteMetadata: { importedCss: new Set(css) } });

describe("what a lazy chunk's import() preloads (vite.config.ts)", () => {
  const none = new Set<string>();

  it('preloads the chunks the imported one needs, not the chunk itself nor the shell', () => {
    const deps = ['assets/ListPage-L1.js', 'assets/catalog-C1.js', 'assets/entry-client-S1.js', 'assets/forms-F1.js'];
    expect(lazyImportPreloads('assets/ListPage-L1.js', deps, none)).toEqual(['assets/catalog-C1.js', 'assets/forms-F1.js']);
    expect(lazyImportPreloads('assets/Cart-A1.js', ['assets/Cart-A1.js', 'assets/entry-client-S1.js'], none)).toEqual([]);
  });

  it("keeps the chunk's own link when its import waits for style sheets, so the two come together", () => {
    const deps = ['assets/ProductPage-P1.js', 'assets/catalog-C1.js'];
    expect(lazyImportPreloads('assets/ProductPage-P1.js', deps, new Set(['assets/ProductPage-P1.js']))).toEqual(deps);
  });

  it("finds the chunks whose import brings styles: their own or an imported chunk's, not the shell's", () => {
    const chunks = [
      chunk('assets/entry-client-S1.js', [], ['assets/entry-client-S1.css']),
      chunk('assets/ListPage-L1.js', ['assets/entry-client-S1.js', 'assets/catalog-C1.js']),
      chunk('assets/catalog-C1.js', ['assets/entry-client-S1.js']),
      chunk('assets/ProductPage-P1.js', ['assets/entry-client-S1.js'], ['assets/ProductPage-P1.css']),
      chunk('assets/CheckoutPage-K1.js', ['assets/checkout-styles-K2.js']),
      chunk('assets/checkout-styles-K2.js', ['assets/CheckoutPage-K1.js'], ['assets/checkout-K2.css']),
    ];
    expect([...chunksImportingStyles(chunks)].sort()).toEqual(['assets/CheckoutPage-K1.js', 'assets/ProductPage-P1.js', 'assets/checkout-styles-K2.js']);
  });

  it('gives the same answer for chunks that import each other, whichever comes first', () => {
    const a = chunk('assets/A-1.js', ['assets/B-1.js', 'assets/D-1.js']);
    const b = chunk('assets/B-1.js', ['assets/A-1.js']);
    const d = chunk('assets/D-1.js', [], ['assets/D-1.css']);
    const all = ['assets/A-1.js', 'assets/B-1.js', 'assets/D-1.js'];
    expect([...chunksImportingStyles([a, b, d])].sort()).toEqual(all);
    expect([...chunksImportingStyles([b, a, d])].sort()).toEqual(all);
  });
});
