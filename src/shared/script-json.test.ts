import { describe, expect, it } from 'vitest';
import { escapeForScript, scriptJson } from './script-json';

describe('scriptJson', () => {
  const hostile = { html: '</script><script>alert(1)</script><!-- & \u2028\u2029 ✓ 😀' };

  it('cannot end or change the script element it stands in', () => {
    const text = scriptJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
  });

  it('gives the value back exactly', () => {
    expect(JSON.parse(scriptJson(hostile))).toEqual(hostile);
    expect(JSON.parse(scriptJson('plain'))).toBe('plain');
  });

  it('escapes JSON within JSON (the router hydration script) as well', () => {
    const twice = escapeForScript(JSON.stringify(JSON.stringify(hostile)));
    expect(JSON.parse(JSON.parse(twice) as string)).toEqual(hostile);
  });
});
