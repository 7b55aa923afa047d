import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, handoverAppointments, meters, rooms, roomStatusLogs, sysMessages, users } from '../../db/schema';
import { addDays, todayIn } from '../../core/dates';
import { createCompany } from '../../db/seed/create-company';
import { communityId, roomId } from './test-helpers';

let t: TestApp;
let admin: string;
let lake: number;
let today: string;
let tomorrow: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  lake = await communityId(t, '翠湖天地');
  today = todayIn(t.deps.now(), 'Asia/Shanghai');
  tomorrow = addDays(today, 1);
});
afterAll(() => t.close());

interface Appt {
  Id: number;
  ApptNo: string;
  Status: number;
  StatusName: string;
  RoomName: string;
  SourceName: string;
  Slot: string;
}
const room = (no: string) => roomId(t, '翠湖天地', `6栋-1单元-${no}`);
const config = (slots: { Start: string; End: string; Capacity: number }[]) => ({
  CommunityId: lake,
  StartDate: today,
  EndDate: addDays(today, 60),
  Weekdays: [1, 2, 3, 4, 5, 6, 7],
  Slots: slots,
  LeadDays: 1,
  MaxDaysAhead: 30,
});
/** A 6栋 room with an owner, not handed over and without an active appointment. */
const freeRoom = async (): Promise<string> => {
  for (const no of ['402', '501', '602', '101', '102', '201', '202', '301']) {
    const id = await room(no);
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, id));
    const active = await t.db
      .select()
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.roomId, id), inArray(handoverAppointments.status, [1, 2, 3, 4])));
    if (r!.ownerResidentId && !r!.handoverDate && !active.length) return no;
  }
  throw new Error('no free room');
};
const book = async (roomNo: string, slot = '09:00', date = tomorrow, token = admin) =>
  t.api<{ Id: number; ApptNo: string }>(
    '/Handover/Save',
    { RoomId: await room(roomNo), ApptDate: date, SlotStart: slot },
    token,
  );

describe('交房预约', () => {
  it('lists the demo appointments in every state', async () => {
    const r = await t.api<Appt[]>('/Handover/List', { CommunityId: lake, PgSize: 50 }, admin);
    const count = (s: string) => r.data.filter((a) => a.StatusName === s).length;
    expect([
      count('待确认'),
      count('已确认'),
      count('已签到'),
      count('待整改'),
      count('已交房'),
      count('已取消'),
      count('未到场'),
    ]).toEqual([2, 3, 1, 1, 4, 1, 1]);
    expect(r.data[0]!.ApptNo).toMatch(/^JF\d{12}$/);
  });

  it('acceptance 7: capacity 1 at 09:00 tomorrow, A books, B is refused; A goes through to 已交房 with reading 120', async () => {
    expect(
      (
        await t.api(
          '/Handover/ConfigSave',
          config([
            { Start: '09:00', End: '10:00', Capacity: 1 },
            { Start: '10:00', End: '11:00', Capacity: 3 },
            { Start: '11:00', End: '12:00', Capacity: 3 },
          ]),
          admin,
        )
      ).ret,
    ).toBe(0);
    const a = await book('601');
    expect(a).toMatchObject({ ret: 0, msg: '预约成功' });
    expect(a.data.ApptNo).toMatch(new RegExp(`^JF${today.replaceAll('-', '')}\\d{4}$`));
    const b = await book('602');
    expect(b).toMatchObject({ ret: 400, msg: '该时段已约满，请选择其他时段' });

    const meter = await t.api<{ Id: number }>(
      '/Meter/Save',
      { CommunityId: lake, MeterType: 2, MeterNo: 'DB-0001', InitialReading: '100', RoomId: await room('601') },
      admin,
    );
    expect(meter.ret).toBe(0);
    const id = a.data.Id;
    expect((await t.api<Appt>('/Handover/Get', { Id: id }, admin)).data.StatusName).toBe('已确认');
    expect((await t.api('/Handover/Confirm', { Id: id }, admin)).msg).toBe('只有待确认的预约可以确认');
    expect((await t.api('/Handover/CheckIn', { Id: id }, admin)).ret).toBe(0);
    expect((await t.api('/Handover/Cancel', { Id: id, Reason: '太晚了' }, admin)).msg).toBe('已签到的预约不能取消');
    expect((await t.api('/Handover/StartInspect', { Id: id }, admin)).ret).toBe(0);
    const complete = {
      Id: id,
      InspectResults: ['门窗', '墙面'].map((Item) => ({ Item, Ok: 1 })),
      Keys: [{ Name: '入户门钥匙', Qty: 3 }],
      OwnerSigned: 1,
      RoomStatusAfter: 1,
    };
    expect((await t.api('/Handover/Complete', { ...complete, MeterReadings: [] }, admin)).msg).toBe(
      '请填写表号 DB-0001 的读数',
    );
    const low = await t.api(
      '/Handover/Complete',
      { ...complete, MeterReadings: [{ MeterId: meter.data.Id, Reading: '99' }] },
      admin,
    );
    expect(low.msg).toBe('读数不能小于上次读数');
    const done = await t.api(
      '/Handover/Complete',
      { ...complete, MeterReadings: [{ MeterId: meter.data.Id, Reading: '120' }] },
      admin,
    );
    expect(done).toMatchObject({ ret: 0, data: { Status: 5, HandoverDate: today } });
    expect((await t.api<Appt>('/Handover/Get', { Id: id }, admin)).data.StatusName).toBe('已交房');
    const [r] = await t.db
      .select()
      .from(rooms)
      .where(eq(rooms.id, await room('601')));
    expect(r).toMatchObject({ handoverDate: today, status: 1 });
    const [m] = await t.db.select().from(meters).where(eq(meters.id, meter.data.Id));
    expect(m!.lastReading).toBe('120.00');
    const logs = await t.db
      .select()
      .from(roomStatusLogs)
      .where(and(eq(roomStatusLogs.roomId, r!.id), eq(roomStatusLogs.source, 3)));
    expect(logs).toHaveLength(0); // 空置 → 空置: nothing changed, nothing logged
    const steps = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(steps.map((s) => s.action)).toEqual(
      expect.arrayContaining(['handover.book', 'handover.checkin', 'handover.inspect', 'handover.complete']),
    );
    expect((await book('601', '10:00')).msg).toBe('该房间已交房');
  });

  it('refuses a room without owner, a room already booked, a closed day', async () => {
    const [noOwner] = await t.db
      .update(rooms)
      .set({ ownerResidentId: null })
      .where(eq(rooms.id, await room('502')))
      .returning();
    expect((await book('502', '10:00')).msg).toBe('该房间未登记业主，不能预约交房');
    expect(noOwner).toBeTruthy();
    expect((await book('101', '10:00')).msg).toBe('该房间已有未完成的交房预约');
    expect((await book('402', '10:00', today)).msg).toBe('该日期不开放预约');
    expect((await book('402', '10:00', addDays(today, 31))).msg).toBe('该日期不开放预约');
    const slotless = await book('402', '13:00');
    expect(slotless.msg).toBe('该时段不开放预约');
  });

  it('two clerks booking the last place at once: exactly one gets it', async () => {
    const day = addDays(today, 10);
    const rooms3 = await Promise.all(['402', '501', '602'].map(room));
    const results = await Promise.all(
      rooms3.map((id) => t.api('/Handover/Save', { RoomId: id, ApptDate: day, SlotStart: '09:00' }, admin)),
    );
    expect(results.filter((r) => r.ret === 0)).toHaveLength(1);
    expect(results.filter((r) => r.msg === '该时段已约满，请选择其他时段')).toHaveLength(2);
    const taken = await t.db
      .select()
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.apptDate, day), eq(handoverAppointments.slotStart, '09:00')));
    expect(taken.filter((a) => a.status !== 7 && a.status !== 8)).toHaveLength(1);
  });

  it('capacity 3 under 5 concurrent bookings holds at 3; availability shows 3/3', async () => {
    await t.api('/Handover/ConfigSave', config([{ Start: '14:00', End: '15:00', Capacity: 3 }]), admin);
    const day = addDays(today, 11);
    const ids = await Promise.all(['402', '501', '602', '101', '102'].map(room));
    // 101 and 102 hold 待确认 bookings: cancel them first so five rooms are free.
    for (const a of await t.db.select().from(handoverAppointments).where(eq(handoverAppointments.status, 1)))
      await t.api('/Handover/Reject', { Id: a.id, Reason: '重复预约' }, admin);
    for (const a of await t.db
      .select()
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.apptDate, addDays(today, 10)), eq(handoverAppointments.slotStart, '09:00'))))
      await t.api('/Handover/Cancel', { Id: a.id, Reason: '改约' }, admin);
    const results = await Promise.all(
      ids.map((id) => t.api('/Handover/Save', { RoomId: id, ApptDate: day, SlotStart: '14:00' }, admin)),
    );
    expect(results.filter((r) => r.ret === 0)).toHaveLength(3);
    const days = await t.api<
      { Date: string; Slots: { Start: string; Booked: number; Capacity: number; Left: number }[] }[]
    >('/Handover/Availability', { CommunityId: lake, DateFrom: day, DateTo: day }, admin);
    expect(days.data[0]!.Slots[0]).toMatchObject({ Start: '14:00', Booked: 3, Capacity: 3, Left: 0 });
  });

  it('reject and cancel need a reason; 改期 keeps the number and checks capacity again', async () => {
    expect((await t.api('/Handover/Reject', { Id: 1 }, admin)).msg).toBe('请输入原因');
    const list = await t.api<(Appt & { ApptDate: string; SlotStart: string })[]>(
      '/Handover/List',
      { Status: 2, PgSize: 50 },
      admin,
    );
    const a = list.data.find((x) => x.ApptDate === addDays(today, 11))!;
    await t.api(
      '/Handover/ConfigSave',
      config([
        { Start: '14:00', End: '15:00', Capacity: 3 },
        { Start: '15:00', End: '16:00', Capacity: 1 },
      ]),
      admin,
    );
    const moved = await t.api<{ ApptNo: string }>(
      '/Handover/Save',
      { Id: a.Id, ApptDate: addDays(today, 12), SlotStart: '15:00' },
      admin,
    );
    expect(moved.data.ApptNo).toBe(a.ApptNo);
    const other = list.data.find((x) => x.ApptDate === addDays(today, 11) && x.Id !== a.Id)!;
    expect(
      (await t.api('/Handover/Save', { Id: other.Id, ApptDate: addDays(today, 12), SlotStart: '15:00' }, admin)).msg,
    ).toBe('该时段已约满，请选择其他时段');
  });

  it('an owner-app booking starts 待确认 and tells 翠湖天地 staff with fcgl_jfyy (MsgType 9)', async () => {
    const no = await freeRoom();
    const r = await t.api<{ Id: number }>(
      '/Handover/AppBook',
      { RoomId: await room(no), ApptDate: addDays(today, 13), SlotStart: '14:00' },
      admin,
    );
    expect(r.ret).toBe(0);
    expect((await t.api<Appt>('/Handover/Get', { Id: r.data.Id }, admin)).data).toMatchObject({
      StatusName: '待确认',
      SourceName: '业主APP',
    });
    const msgs = await t.db
      .select({ account: users.account, title: sysMessages.title, type: sysMessages.msgType })
      .from(sysMessages)
      .innerJoin(users, eq(users.id, sysMessages.userId))
      .where(eq(sysMessages.sourceId, r.data.Id));
    const accounts = msgs.map((m) => m.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'xmjl1']));
    expect(accounts).not.toContain('cashier');
    expect(msgs[0]!.type).toBe(9);
    expect(msgs[0]!.title).toMatch(new RegExp(`^新的交房预约：6栋-1单元-${no} \\d+月\\d+日 14:00-15:00$`));
    expect((await t.api('/Handover/Confirm', { Id: r.data.Id }, admin)).ret).toBe(0);
  });

  it('待整改 when the owner refuses the keys, then a 复验 child appointment', async () => {
    const no = await freeRoom();
    const a = await book(no, '14:00', addDays(today, 14));
    await t.api('/Handover/CheckIn', { Id: a.data.Id }, admin);
    await t.api('/Handover/StartInspect', { Id: a.data.Id }, admin);
    const refused = await t.api('/Handover/Complete', { Id: a.data.Id, Accepted: 0 }, admin);
    expect(refused.msg).toBe('请输入整改原因');
    expect(
      (await t.api('/Handover/Complete', { Id: a.data.Id, Accepted: 0, Reason: '地面空鼓' }, admin)).data,
    ).toMatchObject({ Status: 6 });
    const [r] = await t.db
      .select()
      .from(rooms)
      .where(eq(rooms.id, await room(no)));
    expect(r!.handoverDate).toBeNull();
    const child = await t.api(
      '/Handover/Save',
      { RoomId: r!.id, ApptDate: addDays(today, 15), SlotStart: '14:00', ParentId: a.data.Id },
      admin,
    );
    expect(child.ret).toBe(0);
  });

  it('xmjl1 serves 翠湖天地; another company sees nothing; print and export work', async () => {
    const xmjl = await t.login('xmjl1', 'Linli@123');
    expect((await t.api('/Handover/List', {}, xmjl)).count).toBeGreaterThan(10);
    const sunny = await communityId(t, '阳光花园');
    expect(await t.api('/Handover/ConfigGet', { CommunityId: sunny }, xmjl)).toMatchObject({ ret: 404 });
    const [one] = await t.db.select().from(handoverAppointments).limit(1);
    const print = await t.api<{ Title: string; InspectItems: string[] }>('/Handover/Print', { Id: one!.id }, xmjl);
    expect(print.data.Title).toBe('翠湖天地交房预约确认单');
    expect(print.data.InspectItems).toContain('消防');
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const other = await t.login('bieadmin', 'Other2026');
    expect((await t.api('/Handover/List', {}, other)).count).toBe(0);
    for (const call of ['/Handover/Get', '/Handover/Confirm', '/Handover/CheckIn', '/Handover/Print'])
      expect(await t.api(call, { Id: one!.id }, other)).toMatchObject({ ret: 404, msg: '数据不存在' });
    expect(await t.api('/Handover/Cancel', { Id: one!.id, Reason: '越权' }, other)).toMatchObject({ ret: 404 });
    expect(
      await t.api('/Handover/ConfigSave', config([{ Start: '09:00', End: '10:00', Capacity: 9 }]), other),
    ).toMatchObject({ ret: 404 });
    const f = await download(t, '/Handover/Export', { Status: 5 }, admin);
    const rows = await sheetRows(f.body);
    expect(rows.slice(1).every((x) => x[8] === '已交房')).toBe(true);
    expect(rows.length - 1).toBe((await t.api('/Handover/List', { Status: 5 }, admin)).count);
  });
});
