import { test as base, type BrowserContext } from '@playwright/test';
import {
  captivePortal,
  clearNetwork,
  flaky,
  lieFi,
  offline,
  presets,
  routeSockets,
  throttle,
  type FlakyOptions,
  type FlakyStats,
} from './network';
import { tcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * The shopper's network as a Playwright option: `test.use({ network: '2g' })` and every page and service worker of
 * the test's context is on it from its first request. `net` switches it mid-test. Built on tests/support/network.ts
 * (one way to make each condition); see tests/README.md, "Network conditions".
 */

export type NetworkName = 'online' | 'offline' | '2g' | '3g' | 'slow-4g' | 'flaky' | 'lie-fi' | 'captive-portal' | 'server-restart';

/** A preset with its options, where it has any. */
export type NetworkSetting =
  | { preset: Exclude<NetworkName, 'flaky' | 'captive-portal'> }
  | ({ preset: 'flaky' } & Partial<Pick<FlakyOptions, 'upMs' | 'downMs' | 'dropShare' | 'seed'>>)
  | { preset: 'captive-portal'; html?: string };

export type Network = NetworkName | NetworkSetting;

/** The flaky preset when given by name: the signal drops for 2 s every 6 s, and 10 % of requests fail meanwhile. */
export const FLAKY_DEFAULTS = { upMs: 4000, downMs: 2000, dropShare: 0.1, seed: 1 } as const;

const settingOf = (network: Network): NetworkSetting => (typeof network === 'string' ? { preset: network } : network) as NetworkSetting;

export interface RestartOptions {
  /** How long the server stays away (default 1000 ms, and at least until `whileDown` has settled). */
  downMs?: number;
  /** Runs while the server is away (e.g. checks what the page shows then); the server comes back after it. */
  whileDown?: () => Promise<unknown>;
}

export interface Net {
  /** The condition now. */
  readonly condition: NetworkName;
  /** The live counts of the flaky preset (requests seen and dropped, whether the link is down now), while it is on. */
  readonly flaky: FlakyStats | undefined;
  /** Switches to another condition; the one before ends first (held lie-fi requests fail as timed out). */
  set(network: Network): Promise<void>;
  /**
   * The shop's server goes away and comes back: open connections (WebSockets too) drop, new ones are refused, then
   * it listens again. Only with the server-restart preset as the test's network, whose pages use a restartable
   * proxy's origin (the test's baseURL) from the first load.
   */
  restartServer(options?: RestartOptions): Promise<void>;
}

/** The restartable proxies of running tests, by the baseURL they gave the test. */
const proxies = new Map<string, TcpProxy>();

function createNet(context: BrowserContext, proxy: TcpProxy | undefined): Net {
  let condition: NetworkName = 'online';
  let flakyStats: FlakyStats | undefined;
  return {
    get condition() {
      return condition;
    },
    get flaky() {
      return flakyStats;
    },
    async set(network) {
      const setting = settingOf(network);
      await clearNetwork(context);
      condition = 'online';
      flakyStats = undefined;
      switch (setting.preset) {
        case 'online':
          break;
        case 'server-restart':
          if (!proxy) throw new Error("'server-restart' must be the test's network (test.use({ network: 'server-restart' })): its pages use a restartable origin from their first load");
          break;
        case 'offline':
          await offline(context);
          break;
        case '2g':
          await throttle(context, presets.regular2G);
          break;
        case '3g':
          await throttle(context, presets.good3G);
          break;
        case 'slow-4g':
          await throttle(context, presets.slow4G);
          break;
        case 'flaky':
          flakyStats = await flaky(context, { ...FLAKY_DEFAULTS, ...setting });
          break;
        case 'lie-fi':
          await lieFi(context);
          break;
        case 'captive-portal':
          await captivePortal(context, setting);
          break;
      }
      condition = setting.preset;
    },
    async restartServer({ downMs = 1000, whileDown } = {}) {
      if (!proxy) throw new Error("net.restartServer() needs test.use({ network: 'server-restart' })");
      await proxy.down();
      try {
        // The restart's own length, not a wait for the page: a real restart takes its time whatever the page does.
        await Promise.all([new Promise((resolve) => setTimeout(resolve, downMs)), whileDown?.()]);
      } finally {
        await proxy.up();
      }
    },
  };
}

export const test = base.extend<{ network: Network; net: Net }>({
  network: ['online', { option: true }],

  // The server-restart preset puts a TCP proxy in front of the shop and gives its origin to the test. (`provide` is
  // Playwright's `use`, renamed: the linter's React rules take a `use` call for React's hook.)
  baseURL: async ({ baseURL, network }, provide) => {
    if (settingOf(network).preset !== 'server-restart' || !baseURL) return provide(baseURL);
    const proxy = await tcpProxy(baseURL);
    proxies.set(proxy.url, proxy);
    try {
      await provide(proxy.url);
    } finally {
      proxies.delete(proxy.url);
      await proxy.close();
    }
  },

  // Automatic: the condition is on before the test's first page loads, whichever fixtures the test asks for.
  net: [
    async ({ context, network, baseURL }, provide) => {
      // Before any page: Playwright routes only the WebSockets created after this.
      await routeSockets(context);
      const net = createNet(context, baseURL ? proxies.get(baseURL) : undefined);
      await net.set(network);
      await provide(net);
      // The throttle's browser session and the flaky schedule would outlive the context.
      await clearNetwork(context);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
