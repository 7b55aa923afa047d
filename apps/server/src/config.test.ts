import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('reads the documented defaults from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, demo: true, jobs: true });
    expect(c.signInRateLimit).toBeUndefined();
  });

  it('takes a positive SIGNIN_RATE_LIMIT and ignores nonsense', () => {
    expect(loadConfig({ SIGNIN_RATE_LIMIT: '120' }).signInRateLimit).toBe(120);
    expect(loadConfig({ SIGNIN_RATE_LIMIT: 'lots' }).signInRateLimit).toBeUndefined();
    expect(loadConfig({ SIGNIN_RATE_LIMIT: '0' }).signInRateLimit).toBeUndefined();
    expect(loadConfig({ DEMO: '0', JOBS: 'false' })).toMatchObject({ demo: false, jobs: false });
  });
});
