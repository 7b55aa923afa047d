import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sysNotices, users } from '../../db/schema';
import { notify } from './notify';

let t: TestApp;
let service: string;
let serviceId: number;
let cmpId: number;

type Msg = { Id: number; Title: string; MsgType: number; SourceId: number; IsRead: number; CreateTime: string };

beforeAll(async () => {
  t = await createTestApp();
  service = await t.login('service', 'Service@123');
  const [u] = await t.db.select().from(users).where(eq(users.account, 'service'));
  serviceId = u!.id;
  cmpId = u!.cmpId;
});
afterAll(() => t.close());

const send = (input: Partial<Parameters<typeof notify>[1]>) =>
  t.db.transaction((tx) => notify(tx, { cmpId, msgType: 4, title: '报修提醒', ...input }));

describe('notify', () => {
  it('reaches the holders of a screen and the administrators, not others', async () => {
    const ids = await send({ roleKey: 'wyfw_bxcl', title: '3栋502报修：水管漏水', sourceId: 77 });
    const accounts = (await t.db.select().from(users)).filter((u) => ids.includes(u.id)).map((u) => u.account);
    expect(accounts.sort()).toEqual(['admin', 'kefu1', 'service', 'weixiu1', 'weixiu2', 'xmjl1']);
  });

  it('with a button, reaches only those who hold it: a void request goes to approvers, not to the cashiers', async () => {
    const ids = await send({ roleKey: 'sfgl_zsdc', btn: 'approve', title: '作废申请，请审批' });
    const accounts = (await t.db.select().from(users)).filter((u) => ids.includes(u.id)).map((u) => u.account);
    expect(accounts).toContain('caiwu1');
    expect(accounts).toContain('admin');
    expect(accounts).not.toContain('cashier');
    expect(accounts).not.toContain('cashier2');
  });

  it('drops receivers of another company and disabled accounts', async () => {
    const all = await t.db.select().from(users);
    const disabled = all.find((u) => u.account === 'tingyong1')!;
    const ids = await send({ userIds: [serviceId, disabled.id, 999_999] });
    expect(ids).toEqual([serviceId]);
  });
});

describe('SysMessage calls', () => {
  it("lists only the caller's messages, filters by read state and type, and pages", async () => {
    await send({ userIds: [serviceId], msgType: 6, title: '小区公告：停水通知', sourceId: 12 });
    const all = await t.api<Msg[]>('/SysMessage/MessageList', { PgIndex: 1, PgSize: 2 }, service);
    expect(all.ret).toBe(0);
    // 2 demo messages, the notice just sent and the residents demo's 5 MsgType 8 reminders (客服 holds zhgl_zhgl).
    expect(all.count).toBe(8);
    expect(all.data).toHaveLength(2);
    expect(all.data[0]).toMatchObject({ Title: '小区公告：停水通知', MsgType: 6, SourceId: 12, IsRead: 0 });
    expect(all.data[0]!.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const notices = await t.api<Msg[]>('/SysMessage/MessageList', { PgIndex: 1, PgSize: 20, MsgType: 6 }, service);
    expect(notices.data.map((m) => m.MsgType)).toEqual([6]);
    // Another person's list holds none of these (the cashier has demo fee messages of his own).
    const cashier = await t.login('cashier', 'Cashier@123');
    const theirs = await t.api<Msg[]>('/SysMessage/MessageList', { PgSize: 200 }, cashier);
    expect(theirs.data.map((m) => m.Title)).not.toContain('小区公告：停水通知');
  });

  it('the popup list holds unread, unignored reminders; ignoring removes one and drops the badge', async () => {
    const before = (await t.api<number>('/SysMessage/MessageCount', {}, service)).data;
    const push = await t.api<Msg[]>('/SysMessage/GetPushMsg', { PgIndex: 1, PgSize: 200, IsRead: 0 }, service);
    expect(push.data.length).toBe(before);
    const first = push.data[0]!;
    expect((await t.api('/SysMessage/PushMsgIsIgnore', { Id: first.Id }, service)).ret).toBe(0);
    const after = await t.api<Msg[]>('/SysMessage/GetPushMsg', { PgIndex: 1, PgSize: 200 }, service);
    expect(after.data.map((m) => m.Id)).not.toContain(first.Id);
    expect((await t.api<number>('/SysMessage/MessageCount', {}, service)).data).toBe(before - 1);
  });

  it('marks one read with Tp=1, then all read', async () => {
    const list = await t.api<Msg[]>('/SysMessage/MessageList', { IsRead: 0 }, service);
    const one = list.data[0]!;
    expect((await t.api('/SysMessage/UpdateMsgState', { Id: one.Id, Tp: 1 }, service)).ret).toBe(0);
    const read = await t.api<Msg[]>('/SysMessage/MessageList', { IsRead: 1 }, service);
    expect(read.data.map((m) => m.Id)).toContain(one.Id);
    await t.api('/SysMessage/UpdateMsgState', { Id: 0, Tp: 1 }, service);
    expect((await t.api<number>('/SysMessage/MessageCount', {}, service)).data).toBe(0);
    expect((await t.api('/SysMessage/MessageList', { IsRead: 0 }, service)).count).toBe(0);
  });

  it("answers 数据不存在 for another person's message and changes nothing", async () => {
    const [adminMsgId] = await send({
      userIds: [(await t.db.select().from(users).where(eq(users.account, 'admin')))[0]!.id],
    });
    const admin = await t.login('admin', 'Admin@123');
    const adminList = await t.api<Msg[]>('/SysMessage/MessageList', {}, admin);
    const id = adminList.data[0]!.Id;
    expect(adminMsgId).toBeDefined();
    for (const call of ['/SysMessage/UpdateMsgState', '/SysMessage/PushMsgIsIgnore', '/SysMessage/Delete']) {
      expect(await t.api(call, { Id: id, Tp: 1 }, service), call).toMatchObject({ ret: 404, msg: '数据不存在' });
    }
    const still = await t.api<Msg[]>('/SysMessage/MessageList', {}, admin);
    expect(still.data.find((m) => m.Id === id)).toMatchObject({ IsRead: 0 });
  });

  it('deletes own messages', async () => {
    const list = await t.api<Msg[]>('/SysMessage/MessageList', {}, service);
    const ids = list.data.slice(0, 2).map((m) => m.Id);
    expect((await t.api('/SysMessage/Delete', { Ids: ids }, service)).ret).toBe(0);
    expect((await t.api('/SysMessage/MessageList', {}, service)).count).toBe(list.count! - 2);
    expect((await t.api('/SysMessage/Delete', {}, service)).msg).toBe('请选择要删除的消息');
  });

  it('system notices list with read state; opening one marks it read', async () => {
    const [n] = await t.db.insert(sysNotices).values({ title: '系统升级通知', content: '今晚22:00升级' }).returning();
    const list = await t.api<{ Id: number; IsRead: number }[]>('/SysMessage/AllNoteList', { IsRead: 0 }, service);
    expect(list.data.map((x) => x.Id)).toContain(n!.id);
    const detail = await t.api('/SysMessage/GetSysMsgById', { Id: n!.id }, service);
    expect(detail.data).toMatchObject({ Title: '系统升级通知', Content: '今晚22:00升级' });
    const read = await t.api<{ Id: number }[]>('/SysMessage/AllNoteList', { IsRead: 1 }, service);
    expect(read.data.map((x) => x.Id)).toEqual([n!.id]);
    expect((await t.api('/SysMessage/GetSysMsgById', { Id: 99999 }, service)).ret).toBe(404);
  });
});
