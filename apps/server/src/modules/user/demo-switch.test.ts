import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sessions, users } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function liveSessions(account: string): Promise<number> {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.account, account), isNull(sessions.revokedAt)));
  return rows.length;
}

describe('demo change-roles', () => {
  it("signs in as the chosen demo account with that account's password and ends the caller's session", async () => {
    const admin = await t.login('admin', 'Admin@123');
    const r = await t.api<string>('/user/DemoSwitch', { Role: 'cashier', Password: 'Cashier@123' }, admin);
    expect(r).toMatchObject({ ret: 0, msg: '切换成功' });
    const info = await t.api<{ UserAccount: string; Access: string[]; Demo: boolean }>('/user/GetInfo', {}, r.data);
    expect(info.data).toMatchObject({ UserAccount: 'cashier', Demo: true });
    expect(info.data.Access).not.toContain('yggl');
    // No two live sessions out of one switch: the admin's token is gone.
    expect((await t.api('/user/GetInfo', {}, admin)).ret).toBe(401);
    const log = await t.api<{ Way: string }[]>('/user/LoginLog', {}, r.data);
    expect(log.data[0]!.Way).toBe('切换角色');
  });

  it('a cashier cannot become admin without the admin password', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    const before = await liveSessions('admin');
    const guess = await t.api<string>('/user/DemoSwitch', { Role: 'admin', Password: 'Cashier@123' }, cashier);
    expect(guess).toMatchObject({ ret: 400, msg: '账号或密码错误，还可尝试4次', data: null });
    const none = await t.api('/user/DemoSwitch', { Role: 'admin' }, cashier);
    expect(none).toMatchObject({ ret: 400, msg: '请输入密码' });
    expect(await liveSessions('admin')).toBe(before);
    // The refused caller keeps the session and the rights he had.
    const info = await t.api<{ UserAccount: string; IsAdmin: boolean }>('/user/GetInfo', {}, cashier);
    expect(info.data).toMatchObject({ UserAccount: 'cashier', IsAdmin: false });
  });

  it('xmjl1 cannot either, and a session made with the right password is an ordinary one', async () => {
    const pm = await t.login('xmjl1', 'Linli@123');
    expect((await t.api('/user/DemoSwitch', { Role: 'admin', Password: 'Linli@123' }, pm)).ret).toBe(400);
    const r = await t.api<string>('/user/DemoSwitch', { Role: 'service', Password: 'Service@123' }, pm);
    expect(r.ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, pm)).ret).toBe(401);
    expect((await t.api('/user/Logout', {}, r.data)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, r.data)).ret).toBe(401);
  });

  it('refuses a role that is not a demo account, and anyone not signed in', async () => {
    const admin = await t.login('admin', 'Admin@123');
    expect((await t.api('/user/DemoSwitch', { Role: 'kefu1', Password: 'Linli@123' }, admin)).msg).toBe('角色不正确');
    expect((await t.api('/user/DemoSwitch', { Role: 'cashier', Password: 'Cashier@123' })).ret).toBe(401);
  });

  it('does not exist outside the demo company', async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const other = await t.login('bieadmin', 'Other2026');
    expect((await t.api<{ Demo: boolean }>('/user/GetInfo', {}, other)).data.Demo).toBe(false);
    const r = await t.api('/user/DemoSwitch', { Role: 'cashier', Password: 'Cashier@123' }, other);
    expect(r).toMatchObject({ ret: 404, msg: '接口不存在' });
    expect((await t.api('/user/GetInfo', {}, other)).ret).toBe(0);
  });

  it('does not exist without DEMO', async () => {
    t.deps.config.demo = false;
    try {
      const admin = await t.login('admin', 'Admin@123');
      expect((await t.api<{ Demo: boolean }>('/user/GetInfo', {}, admin)).data.Demo).toBe(false);
      expect(await t.api('/user/DemoSwitch', { Role: 'cashier', Password: 'Cashier@123' }, admin)).toMatchObject({
        ret: 404,
        msg: '接口不存在',
      });
    } finally {
      t.deps.config.demo = true;
    }
  });
});
