import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

type Msg = { Id: number; Title: string; MsgType: number; SourceId: number; IsRead: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

describe('/SysMessage/DemoPush', () => {
  it('in a demo installation gives the administrator a reminder of his own', async () => {
    expect(t.deps.config.demo).toBe(true);
    const before = (await t.api<number>('/SysMessage/MessageCount', {}, admin)).data;
    const r = await t.api('/SysMessage/DemoPush', { MsgType: 6, Title: '演示：停水通知', SourceId: 12 }, admin);
    expect(r).toMatchObject({ ret: 0, data: { Count: 1 } });
    const push = await t.api<Msg[]>('/SysMessage/GetPushMsg', { PgIndex: 1, PgSize: 200, IsRead: 0 }, admin);
    expect(push.data[0]).toMatchObject({ Title: '演示：停水通知', MsgType: 6, SourceId: 12, IsRead: 0 });
    expect((await t.api<number>('/SysMessage/MessageCount', {}, admin)).data).toBe(before + 1);
  });

  it('is refused as an unknown call to a non-administrator, and nothing is stored', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    const r = await t.api('/SysMessage/DemoPush', { Title: '不该出现' }, cashier);
    expect(r).toEqual({ ret: 404, msg: '接口不存在', data: null });
    const mine = await t.api<{ Title: string }[]>('/SysMessage/MessageList', { PgSize: 200 }, cashier);
    expect(mine.data.map((m) => m.Title)).not.toContain('不该出现');
  });

  it('is refused as an unknown call when demo is off, even to the administrator and with a bad body', async () => {
    t.deps.config.demo = false;
    try {
      const count = (await t.api('/SysMessage/MessageList', {}, admin)).count;
      for (const body of [{ Title: '不该出现' }, { MsgType: 'abc' }]) {
        expect(await t.api('/SysMessage/DemoPush', body, admin)).toEqual({ ret: 404, msg: '接口不存在', data: null });
      }
      expect((await t.api('/SysMessage/MessageList', {}, admin)).count).toBe(count);
    } finally {
      t.deps.config.demo = true;
    }
  });

  it('needs a session', async () => {
    expect((await t.api('/SysMessage/DemoPush', {})).ret).toBe(401);
  });
});
