import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { handoverAppointments, meters, rooms } from '../../db/schema';
import { addDays, todayIn } from '../../core/dates';
import { clerkWith, communityId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Detail {
  Id: number;
  Meters: { Id: number; MeterType: number; MeterTypeName: string; MeterNo: string; LastReading: string }[];
}

/** A 翠湖天地 room with an owner, not handed over, without an active appointment. */
async function freeRoom(lake: number) {
  const candidates = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.communityId, lake), isNull(rooms.handoverDate)))
    .orderBy(rooms.id);
  for (const { id } of candidates) {
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, id));
    const active = await t.db
      .select({ id: handoverAppointments.id })
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.roomId, id), inArray(handoverAppointments.status, [1, 2, 3, 4])));
    if (r!.ownerResidentId && !active.length) return id;
  }
  throw new Error('no free room');
}

describe('办理交房 by a clerk who holds only 交房预约', () => {
  it('reads the bound meters from Handover/Get and completes with their readings', async () => {
    const lake = await communityId(t, '翠湖天地');
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const day = addDays(today, 2);
    const cfg = await t.api(
      '/Handover/ConfigSave',
      {
        CommunityId: lake,
        StartDate: today,
        EndDate: addDays(today, 60),
        Weekdays: [1, 2, 3, 4, 5, 6, 7],
        Slots: [{ Start: '09:00', End: '10:00', Capacity: 5 }],
        LeadDays: 1,
        MaxDaysAhead: 30,
      },
      admin,
    );
    expect(cfg.ret).toBe(0);
    const roomId = await freeRoom(lake);
    const meter = await t.api<{ Id: number }>(
      '/Meter/Save',
      { CommunityId: lake, MeterType: 2, MeterNo: 'DB-JF01', InitialReading: '50', RoomId: roomId },
      admin,
    );
    expect(meter.ret).toBe(0);

    const clerk = await clerkWith(t, admin, [{ RoleKey: 'fcgl_jfyy', Btn: 'add,confirm,checkin,handover' }]);
    expect((await t.api('/Meter/ByRoom', { RoomId: roomId }, clerk)).ret).toBe(403);
    const booked = await t.api<{ Id: number }>(
      '/Handover/Save',
      { RoomId: roomId, ApptDate: day, SlotStart: '09:00' },
      clerk,
    );
    expect(booked).toMatchObject({ ret: 0 });
    const id = booked.data.Id;
    expect((await t.api('/Handover/CheckIn', { Id: id }, clerk)).ret).toBe(0);
    expect((await t.api('/Handover/StartInspect', { Id: id }, clerk)).ret).toBe(0);

    const got = await t.api<Detail>('/Handover/Get', { Id: id }, clerk);
    expect(got.ret).toBe(0);
    expect(got.data.Meters).toContainEqual(
      expect.objectContaining({
        Id: meter.data.Id,
        MeterType: 2,
        MeterTypeName: '电表',
        MeterNo: 'DB-JF01',
        LastReading: '50.00',
      }),
    );
    const readings = got.data.Meters.map((m) => ({
      MeterId: m.Id,
      Reading: m.Id === meter.data.Id ? '66.5' : m.LastReading,
    }));
    const done = await t.api(
      '/Handover/Complete',
      {
        Id: id,
        InspectResults: [{ Item: '门窗', Ok: 1 }],
        Keys: [{ Name: '入户门钥匙', Qty: 3 }],
        MeterReadings: readings,
        OwnerSigned: 1,
        RoomStatusAfter: 4,
      },
      clerk,
    );
    expect(done).toMatchObject({ ret: 0, data: { Status: 5, HandoverDate: today } });
    const [m] = await t.db.select().from(meters).where(eq(meters.id, meter.data.Id));
    expect(m!.lastReading).toBe('66.50');
    const after = await t.api<Detail>('/Handover/Get', { Id: id }, clerk);
    expect(after.data.Meters.find((x) => x.Id === meter.data.Id)!.LastReading).toBe('66.50');
  });
});
