import { describe, expect, it } from 'vitest';
import { pageTypeOf } from './page-type';

describe('pageTypeOf', () => {
  it.each([
    ['/', 'home'],
    ['/en', 'home'],
    ['/p/super-mario-bros-nes', 'product'],
    ['/en/p/any/thing/alias', 'product'],
    ['/c/nintendo/nes', 'category'],
    ['/en/brands', 'brands'],
    ['/varumarken', 'brands'],
    ['/s/zelda', 'search'],
    ['/favoriter', 'favorites'],
    ['/om-oss', 'content'],
  ])('%s is a %s page', (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });
});
