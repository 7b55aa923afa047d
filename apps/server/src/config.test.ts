import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('reads the documented defaults from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, demo: true, jobs: true });
    expect(c.signInRateLimit).toBeUndefined();
    expect(c.trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of addresses', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect([trust(''), trust('0'), trust('false')]).toEqual([false, false, false]);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust(' 127.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('takes a positive SIGNIN_RATE_LIMIT and ignores nonsense', () => {
    expect(loadConfig({ SIGNIN_RATE_LIMIT: '120' }).signInRateLimit).toBe(120);
    expect(loadConfig({ SIGNIN_RATE_LIMIT: 'lots' }).signInRateLimit).toBeUndefined();
    expect(loadConfig({ SIGNIN_RATE_LIMIT: '0' }).signInRateLimit).toBeUndefined();
    expect(loadConfig({ DEMO: '0', JOBS: 'false' })).toMatchObject({ demo: false, jobs: false });
  });
});
