import { describe, expect, it } from 'vitest';
import { installGuidance, panelToOpen } from './install-guidance';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('install guidance', () => {
  it('offers the button where the browser offered installing', () => {
    expect(installGuidance({ offered: true, standalone: false, userAgent: android, maxTouchPoints: 5 })).toBe('button');
  });
  it('explains the Share menu on iOS, iPads presenting themselves as Macs included', () => {
    expect(installGuidance({ offered: false, standalone: false, userAgent: iphone, maxTouchPoints: 5 })).toBe('ios');
    expect(installGuidance({ offered: false, standalone: false, userAgent: ipad, maxTouchPoints: 5 })).toBe('ios');
    expect(installGuidance({ offered: false, standalone: false, userAgent: ipad, maxTouchPoints: 0 })).toBe('none');
  });
  it('offers nothing once installed, or where the browser cannot install', () => {
    expect(installGuidance({ offered: true, standalone: true, userAgent: android, maxTouchPoints: 5 })).toBe('none');
    expect(installGuidance({ offered: false, standalone: true, userAgent: iphone, maxTouchPoints: 5 })).toBe('none');
    expect(installGuidance({ offered: false, standalone: false, userAgent: android, maxTouchPoints: 5 })).toBe('none');
  });
  it('opens only the search and the cart from ?open=', () => {
    expect(panelToOpen('search')).toBe('search');
    expect(panelToOpen('cart')).toBe('cart');
    expect(panelToOpen('account')).toBeNull();
    expect(panelToOpen(null)).toBeNull();
  });
});
