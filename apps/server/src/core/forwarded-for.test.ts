import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../../test/harness';

// A lower limit than production's 30 a minute keeps the test short; what matters is going past it.
const LIMIT = 10;
const TRIES = LIMIT + 5;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function loginFrom(app: TestApp, forwardedFor: string, account = 'nobody', password = 'Wrong@123') {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/user/Login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    payload: new URLSearchParams({ UserAccount: account, UserPwd: password }).toString(),
  });
  return res.json() as Envelope<string>;
}

/** More sign-ins than the limit, each claiming another address (and another name: the per-account limit is not this test's); answers' ret in order. */
async function spray(app: TestApp): Promise<number[]> {
  const rets = [];
  for (let i = 1; i <= TRIES; i++) rets.push((await loginFrom(app, `198.51.100.${i}`, `nobody${i}`)).ret);
  return rets;
}

async function loggedIp(app: TestApp, token: string): Promise<string> {
  const log = await app.api<{ Ip: string }[]>('/user/LoginLog', {}, token);
  return log.data[0]!.Ip;
}

describe('X-Forwarded-For', () => {
  it('is ignored by default: the limit counts the real address and the login log records it', async () => {
    t = await createTestApp({ rateLimitMax: LIMIT });
    const signedIn = await loginFrom(t, '203.0.113.9', 'admin', 'Admin@123');
    expect(signedIn.ret).toBe(0);
    expect(await loggedIp(t, signedIn.data)).toBe('127.0.0.1');
    const rets = await spray(t);
    expect(rets.slice(0, LIMIT - 1)).not.toContain(429);
    expect(rets.slice(LIMIT - 1)).toEqual(Array(TRIES - LIMIT + 1).fill(429));
  });

  it('is honoured from a configured proxy (TRUST_PROXY=127.0.0.1)', async () => {
    t = await createTestApp({ rateLimitMax: LIMIT, env: { TRUST_PROXY: '127.0.0.1' } });
    const signedIn = await loginFrom(t, '203.0.113.9', 'admin', 'Admin@123');
    expect(signedIn.ret).toBe(0);
    expect(await loggedIp(t, signedIn.data)).toBe('203.0.113.9');
    expect(await spray(t)).not.toContain(429);
  });

  it('from a proxy that is not the configured one, is ignored', async () => {
    t = await createTestApp({ rateLimitMax: LIMIT, env: { TRUST_PROXY: '10.0.0.0/8' } });
    const signedIn = await loginFrom(t, '203.0.113.9', 'admin', 'Admin@123');
    expect(await loggedIp(t, signedIn.data)).toBe('127.0.0.1');
  });

  it('is honoured from the nearest hop with a hop count (TRUST_PROXY=1)', async () => {
    t = await createTestApp({ rateLimitMax: LIMIT, env: { TRUST_PROXY: '1' } });
    const signedIn = await loginFrom(t, '192.0.2.7, 203.0.113.9', 'admin', 'Admin@123');
    expect(await loggedIp(t, signedIn.data)).toBe('203.0.113.9');
  });
});
