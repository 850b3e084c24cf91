import { describe, expect, it } from 'vitest';
import { loadEnv, publicOrigin } from './env';

describe('loadEnv', () => {
  it('fills every default', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: '.data', SHOP_VARIANT: 'games', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT="eighty" /);
    expect(() => loadEnv({ SHOP_VARIANT: 'shoes' })).toThrow(/SHOP_VARIANT="shoes"/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(/DATABASE_URL=.*postgres:\/\//);
  });

  it('takes a telemetry key only as a GUID, and sends nothing without one', () => {
    expect(loadEnv({}).TELEMETRY_INSTRUMENTATION_KEY).toBeUndefined();
    expect(loadEnv({ TELEMETRY_INSTRUMENTATION_KEY: '0F8FAD5B-D9CB-469F-A165-70867728950E' }).TELEMETRY_INSTRUMENTATION_KEY).toBe('0F8FAD5B-D9CB-469F-A165-70867728950E');
    expect(() => loadEnv({ TELEMETRY_INSTRUMENTATION_KEY: 'my-key' })).toThrow(/^Invalid configuration: TELEMETRY_INSTRUMENTATION_KEY="my-key" must be a GUID/);
    expect(() => loadEnv({ TELEMETRY_ENDPOINT: 'ftp://x' })).toThrow(/TELEMETRY_ENDPOINT=/);
    expect(loadEnv({ PERSONALISATION_EUR_PER_SEK: '0.09' }).PERSONALISATION_EUR_PER_SEK).toBe(0.09);
  });

  it('trusts no proxy unless told which, so X-Forwarded-For cannot dodge the rate limit', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadEnv({}).RATE_LIMIT_PER_MINUTE).toBe(600);
  });

  it('gives the payment sweeper 30 minutes of grace and 24 hours before it cancels, the limit longer than the grace', () => {
    expect(loadEnv({})).toMatchObject({ PAYMENT_GRACE_MINUTES: 30, PAYMENT_TIMEOUT_HOURS: 24 });
    expect(loadEnv({ PAYMENT_GRACE_MINUTES: '10', PAYMENT_TIMEOUT_HOURS: '2' })).toMatchObject({ PAYMENT_GRACE_MINUTES: 10, PAYMENT_TIMEOUT_HOURS: 2 });
    expect(() => loadEnv({ PAYMENT_GRACE_MINUTES: '0' })).toThrow(/^Invalid configuration: PAYMENT_GRACE_MINUTES="0" /);
    expect(() => loadEnv({ PAYMENT_TIMEOUT_HOURS: 'day' })).toThrow(/PAYMENT_TIMEOUT_HOURS="day"/);
    expect(() => loadEnv({ PAYMENT_GRACE_MINUTES: '120', PAYMENT_TIMEOUT_HOURS: '2' })).toThrow(
      'Invalid configuration: PAYMENT_TIMEOUT_HOURS=2 must be longer than PAYMENT_GRACE_MINUTES=120',
    );
  });

  it('bounds how long a request, its headers and an idle connection may take, and how many connections are open', () => {
    expect(loadEnv({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 30_000,
      HEADERS_TIMEOUT_MS: 10_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_CONNECTIONS: 1_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    expect(loadEnv({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '500', MAX_CONNECTIONS: '50' })).toMatchObject({
      REQUEST_TIMEOUT_MS: 2_000,
      HEADERS_TIMEOUT_MS: 500,
      MAX_CONNECTIONS: 50,
    });
    expect(() => loadEnv({ MAX_CONNECTIONS: '0' })).toThrow(/^Invalid configuration: MAX_CONNECTIONS="0" /);
    expect(loadEnv({ MAX_CONNECTIONS: '50', MAX_CONNECTIONS_PER_ADDRESS: '50' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
    expect(() => loadEnv({ MAX_CONNECTIONS: '50', MAX_CONNECTIONS_PER_ADDRESS: '51' })).toThrow(
      'Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS=51 must not be more than MAX_CONNECTIONS=50',
    );
    expect(() => loadEnv({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/^Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS="0" /);
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      'Invalid configuration: HEADERS_TIMEOUT_MS=10000 must not be longer than REQUEST_TIMEOUT_MS=1000',
    );
  });

  it('treats empty optional values as unset', () => {
    expect(loadEnv({ REDIS_URL: '', DATABASE_URL: '' }).REDIS_URL).toBeUndefined();
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL without its trailing slash, else this machine on PORT, never anything a request says', () => {
    expect(publicOrigin(loadEnv({ PUBLIC_URL: 'https://shop.example/' }))).toBe('https://shop.example');
    expect(publicOrigin(loadEnv({}))).toBe('http://localhost:3000');
    expect(publicOrigin(loadEnv({ PORT: '8080', HOST: '0.0.0.0' }))).toBe('http://localhost:8080');
  });
});
