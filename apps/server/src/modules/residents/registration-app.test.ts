import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registrations, rooms, sysMessages } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { communityId } from '../properties/test-helpers';
import { PNG_1PX } from '../upload/fixtures';
import { uploadImage } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const pendingRoom = async () => {
  const [room] = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.communityId, await communityId(t, '阳光花园')), eq(rooms.status, 2)))
    .orderBy(rooms.id)
    .limit(1);
  return room!.id;
};

describe('住户认证 提交', () => {
  it("refuses another company's upload as an attachment and keeps the company's own", async () => {
    await createCompany(t.db, { name: '别家物业', account: 'regother', password: 'Other2026' });
    const theirs = await uploadImage(t, PNG_1PX, await t.login('regother', 'Other2026'), 'r1.png');
    const mine = await uploadImage(t, PNG_1PX, admin, 'r2.png');
    const body = { RoomId: await pendingRoom(), AppUserId: 911, Name: '钱多', Mobile: '13912340911', Role: 1 };
    const refused = await t.api('/Registration/Submit', { ...body, Attachments: [`/uploads/${theirs}`] }, admin);
    expect(refused).toMatchObject({
      ret: 400,
      msg: '附件不存在，请重新上传',
      data: { Errors: { Attachments: '附件不存在，请重新上传' } },
    });
    expect(await t.db.select().from(registrations).where(eq(registrations.appUserId, 911))).toEqual([]);
    const ok = await t.api<{ Id: number }>(
      '/Registration/Submit',
      { ...body, Attachments: [`/uploads/${mine}`] },
      admin,
    );
    expect(ok.ret, ok.msg).toBe(0);
    const [saved] = await t.db.select().from(registrations).where(eq(registrations.id, ok.data.Id));
    expect(saved!.attachments).toEqual([`/uploads/${mine}`]);
    expect((await t.api('/Registration/Withdraw', { Id: ok.data.Id, AppUserId: 911 }, admin)).ret).toBe(0);
  });
});

describe('住户认证 撤回', () => {
  it('the applicant withdraws his pending application; the reminders go read; staff can no longer act', async () => {
    const body = {
      RoomId: await pendingRoom(),
      AppUserId: 901,
      Name: '赵敏',
      Mobile: '13912340901',
      Role: 2,
      Relation: '配偶',
    };
    const sub = await t.api<{ Id: number }>('/Registration/Submit', body, admin);
    expect(sub.ret, sub.msg).toBe(0);
    const id = sub.data.Id;

    expect(await t.api('/Registration/Withdraw', { Id: id, AppUserId: 902 }, admin)).toMatchObject({
      ret: 404,
      msg: '数据不存在',
    });
    expect(await t.api('/Registration/Withdraw', { Id: id, AppUserId: 901 }, admin)).toMatchObject({
      ret: 0,
      msg: '已撤回',
    });
    const withdrawn = await t.api<{ Id: number; StatusName: string }[]>('/Registration/List', { Status: 3 }, admin);
    expect(withdrawn.data.find((r) => r.Id === id)?.StatusName).toBe('已撤回');
    const unread = await t.db
      .select()
      .from(sysMessages)
      .where(and(eq(sysMessages.msgType, 8), eq(sysMessages.sourceId, id), eq(sysMessages.isRead, false)));
    expect(unread).toHaveLength(0);

    const handled = { ret: 400, msg: '该申请已由 申请人 处理' };
    expect(await t.api('/Registration/Withdraw', { Id: id, AppUserId: 901 }, admin)).toMatchObject(handled);
    expect(await t.api('/Registration/Approve', { Ids: [id] }, admin)).toMatchObject(handled);
    expect(await t.api('/Registration/Reject', { Id: id, Reason: '材料不清晰' }, admin)).toMatchObject(handled);
    // A new application for the same room is allowed again.
    expect((await t.api('/Registration/Submit', body, admin)).ret).toBe(0);
  });

  it('an application staff already reviewed cannot be withdrawn', async () => {
    const pending = await t.api<{ Id: number }[]>('/Registration/List', { PgSize: 1 }, admin);
    const reg = pending.data[0]!;
    const [row] = await t.db
      .select({ appUserId: registrations.appUserId })
      .from(registrations)
      .where(eq(registrations.id, reg.Id));
    expect(await t.api('/Registration/Reject', { Id: reg.Id, Reason: '材料不清晰' }, admin)).toMatchObject({ ret: 0 });
    expect(await t.api('/Registration/Withdraw', { Id: reg.Id, AppUserId: row!.appUserId }, admin)).toMatchObject({
      ret: 400,
      msg: '该申请已由 系统管理员 处理',
    });
  });
});
