import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo change-roles', () => {
  it('answers a real session of the chosen demo account, whose info shows that account', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const r = await t.api<string>('/user/DemoSwitch', { Role: 'cashier' }, admin);
    expect(r.ret).toBe(0);
    const info = await t.api<{ UserAccount: string; Access: string[]; Demo: boolean }>('/user/GetInfo', {}, r.data);
    expect(info.data).toMatchObject({ UserAccount: 'cashier', Demo: true });
    expect(info.data.Access).not.toContain('yggl');
  });

  it('refuses a role that is not a demo account', async () => {
    const admin = await t.login('admin', 'Admin@123');
    expect((await t.api('/user/DemoSwitch', { Role: 'kefu1' }, admin)).msg).toBe('角色不正确');
    expect((await t.api('/user/DemoSwitch', { Role: 'cashier' })).ret).toBe(401);
  });

  it('does not exist without DEMO', async () => {
    t.deps.config.demo = false;
    try {
      const admin = await t.login('admin', 'Admin@123');
      expect(await t.api('/user/DemoSwitch', { Role: 'cashier' }, admin)).toMatchObject({
        ret: 404,
        msg: '接口不存在',
      });
    } finally {
      t.deps.config.demo = true;
    }
  });
});
