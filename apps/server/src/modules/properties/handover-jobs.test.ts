import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness';
import { handoverAppointments, rooms, sysMessages } from '../../db/schema';
import { addDays, todayIn } from '../../core/dates';
import { handoverNoShowJob, handoverTomorrowJob } from './handover-jobs';
import { communityId } from './test-helpers';

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

const config = (slots: { Start: string; End: string; Capacity: number }[]) => ({
  CommunityId: lake,
  StartDate: today,
  EndDate: addDays(today, 60),
  Weekdays: [1, 2, 3, 4, 5, 6, 7],
  Slots: slots,
  LeadDays: 1,
  MaxDaysAhead: 30,
});

describe('交房预约 jobs', () => {
  it('jobs: 18:00 tells staff of tomorrow’s handovers; 23:30 marks unattended 已确认 as 未到场', async () => {
    const [r502] = await t.db.select().from(rooms).where(eq(rooms.fullName, '6栋-1单元-502'));
    await t.db.insert(handoverAppointments).values({
      cmpId: r502!.cmpId,
      apptNo: 'JF000000000099',
      communityId: lake,
      roomId: r502!.id,
      apptDate: tomorrow,
      slotStart: '10:00',
      slotEnd: '11:00',
      status: 2,
    });
    const before = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 9));
    await handoverTomorrowJob.run(t.deps, { runKey: today, now: t.deps.now() });
    const after = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 9));
    const added = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]!.title).toMatch(/^明日交房预约 \d+ 户$/);
    await handoverNoShowJob.run(t.deps, { runKey: addDays(today, 1), now: t.deps.now() });
    const left = await t.db
      .select()
      .from(handoverAppointments)
      .where(and(eq(handoverAppointments.status, 2), eq(handoverAppointments.apptDate, tomorrow)));
    expect(left).toHaveLength(0);
  });
});

describe.runIf(onPostgres())('two server processes book the last place at once', () => {
  it('the advisory lock holds across processes', async () => {
    const app2 = await t.secondApp();
    await t.api('/Handover/ConfigSave', config([{ Start: '16:00', End: '17:00', Capacity: 1 }]), admin);
    const day = addDays(today, 16);
    const free = await t.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.fullName, '6栋-1单元-602'));
    const other = await t.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.fullName, '6栋-1单元-502'));
    await t.db
      .update(rooms)
      .set({ ownerResidentId: (await t.db.select().from(rooms).where(eq(rooms.id, free[0]!.id)))[0]!.ownerResidentId })
      .where(eq(rooms.id, other[0]!.id));
    const viaSecond = app2.inject({
      method: 'POST',
      url: '/api/Handover/Save',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ RoomId: other[0]!.id, ApptDate: day, SlotStart: '16:00' }),
    });
    const [a, b] = await Promise.all([
      t.api('/Handover/Save', { RoomId: free[0]!.id, ApptDate: day, SlotStart: '16:00' }, admin),
      viaSecond,
    ]);
    const rets = [a.ret, (b.json() as { ret: number }).ret].sort();
    expect(rets).toEqual([0, 400]);
  });
});
