import { describe, expect, it } from 'vitest';
import { resolveLink } from './SmartLink';

describe('resolveLink (link rules)', () => {
  it('reduces links to the own host to their path', () => {
    expect(resolveLink('https://shop.example/p/zelda?x=1', 'sv', 'shop.example')).toEqual({ kind: 'internal', to: '/p/zelda?x=1' });
  });
  it('opens other http links as external', () => {
    expect(resolveLink('https://www.instagram.com/', 'sv', 'shop.example')).toEqual({ kind: 'external', href: 'https://www.instagram.com/' });
  });
  it('leaves mailto and tel links as they are', () => {
    expect(resolveLink('mailto:hej@example.se', 'en', null)).toEqual({ kind: 'plain', href: 'mailto:hej@example.se' });
    expect(resolveLink('tel:+4681234567', 'en', null)).toEqual({ kind: 'plain', href: 'tel:+4681234567' });
  });
  it('localizes relative paths without a leading slash', () => {
    expect(resolveLink('om-oss', 'sv', null)).toEqual({ kind: 'internal', to: '/om-oss' });
    expect(resolveLink('about-us', 'en', null)).toEqual({ kind: 'internal', to: '/en/about-us' });
    expect(resolveLink('/en/c/games', 'en', null)).toEqual({ kind: 'internal', to: '/en/c/games' });
  });
});
