import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { sqlRows } from './sql-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: string, type = 'application/json', token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('the API envelope', () => {
  it('matches calls case-insensitively and accepts JSON bodies', async () => {
    const res = await post('/api/USER/login', JSON.stringify({ UserAccount: 'admin', UserPwd: 'Admin@123' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret: 0 });
    const token = res.json().data as string;
    const count = await post('/api/sysmessage/messagecount', '{}', 'application/json', token);
    // admin's unread reminders, as the database holds them (the demo's registrations, fee requests …).
    const [unread] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sys_messages m join users u on u.id = m.user_id
        where u.account = 'admin' and not m.is_read and not m.is_ignored`,
    );
    expect(unread!.n).toBeGreaterThan(0);
    expect(count.json()).toEqual({ ret: 0, msg: 'ok', data: unread!.n });
  });

  it('answers an unknown call with ret 404 inside HTTP 200', async () => {
    const res = await post('/api/Nothing/Here', '{}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret: 404, msg: '接口不存在', data: null });
  });

  it('answers a malformed body with a Chinese message and no stack trace', async () => {
    const res = await post('/api/user/Login', '{"UserAccount": ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret: 400, msg: '请求数据格式不正确', data: null });
    expect(res.body).not.toMatch(/at .*\.js|Error:/);
  });

  it('keeps HTTP 413 for a body over the limit', async () => {
    const res = await post('/api/user/Login', JSON.stringify({ UserAccount: 'x'.repeat(3 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ret: 413, msg: '请求数据过大' });
  });

  it('needs a session for everything but sign-in and code calls', async () => {
    for (const call of ['/user/GetInfo', '/SysMessage/MessageCount', '/Feedback/FeedBackAdd', '/Img/PostFiles']) {
      expect((await t.api(call)).ret, call).toBe(401);
    }
  });
});

describe('per-IP limits', () => {
  it('answers 429 with a Chinese message once an address signs in too often', async () => {
    const limited = await createTestApp({ rateLimitMax: 3 });
    try {
      const tries = [];
      for (let i = 0; i < 4; i++) tries.push(await limited.api('/user/Login', { UserAccount: 'nobody', UserPwd: 'x' }));
      expect(tries.slice(0, 3).map((r) => r.ret)).toEqual([400, 400, 400]);
      expect(tries[3]).toMatchObject({ ret: 429, msg: '操作过于频繁，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});
