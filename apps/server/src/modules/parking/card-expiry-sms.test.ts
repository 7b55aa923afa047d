import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import { residents, smsRecords, vehicles } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { JobWorker } from '../../core/job-queue';
import { enqueueScheduled, manualRunKey } from '../../core/jobs';
import { allJobHandlers, drainJobs } from '../jobs';
import { cardExpiryJob } from './card-expiry.job';
import { balanceOf } from '../sms/test-helpers';
import type { CardSmsOutcome } from './card-expiry-sms';

/**
 * The owners' 月卡到期 SMS of the 08:00 job (domain/parking-access.md "Jobs": 'Owners also get an SMS when dxgl is
 * enabled'): exactly 30, 7 or 0 days before the end, once per vehicle and day, charged to the vehicle's company only.
 */
let t: TestApp;
let admin: string;
let cmpA: number;
let cmpB: number;
let cmpC: number;
const DAY = 86_400_000;
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const today = () => todayIn(t.deps.now(), 'Asia/Shanghai');

type Run = { Lots: number; Sms: CardSmsOutcome };
/** The scheduler's run (every company; a /Job/Run by hand acts for the caller's company only: job-run-scope.test.ts). */
async function run(): Promise<Run> {
  const now = t.deps.now();
  const id = (await enqueueScheduled(t.deps, cardExpiryJob, manualRunKey(cardExpiryJob.schedule, now), now, false))!;
  const r = (await new JobWorker(t.deps, allJobHandlers(), { info: () => {}, error: () => {} }).runNow(id))!;
  expect(r.state, r.error).toBe('done');
  return r.result as Run;
}

const cardRecords = () => t.db.select().from(smsRecords).where(eq(smsRecords.source, 6)).orderBy(smsRecords.id);

/** A company with one community, one lot and, if asked, SMS set up (log channel, approved signature, balance). */
async function companyWithCar(name: string, account: string, smsSetUp: boolean, plate: string, end: string) {
  const cmpId = await createCompany(t.db, { name, account, password: 'Other2026' });
  const [c] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into communities (cmp_id, name) values (${cmpId}, ${`${name}小区`}) returning id`,
  );
  const [l] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into parking_lots (cmp_id, community_id, name, space_count) values (${cmpId}, ${c!.id}, '一号车场', 10)
      returning id`,
  );
  if (smsSetUp) {
    await t.db.execute(sql`insert into sms_providers (cmp_id, kind) values (${cmpId}, 3)`);
    await t.db.execute(sql`insert into sms_signs (cmp_id, name, state) values (${cmpId}, '别家物业', 2)`);
    await t.db.execute(sql`insert into sms_accounts (cmp_id, balance) values (${cmpId}, 100)`);
  }
  await addCar(cmpId, c!.id, l!.id, plate, end, '13911110000');
  return { cmpId, communityId: c!.id, lotId: l!.id };
}

async function addCar(cmpId: number, communityId: number, lotId: number, plate: string, end: string, mobile: string) {
  const [v] = await t.db
    .insert(vehicles)
    .values({
      cmpId,
      communityId,
      lotId,
      plate,
      vehicleType: 1,
      ownerName: '王五',
      ownerMobile: mobile,
      validStart: plusDays(end, -30),
      validEnd: end,
    })
    .returning({ id: vehicles.id });
  return v!.id;
}

let b: Awaited<ReturnType<typeof companyWithCar>>;
// Company A's (the demo's) chosen 月租 cars: 30, 7, 0 and 29 days from the end, one without a phone, one with a
// number that is not a mobile.
const car: Record<'d30' | 'd7' | 'd0' | 'd29' | 'noPhone' | 'badPhone', number> = {
  d30: 0,
  d7: 0,
  d0: 0,
  d29: 0,
  noPhone: 0,
  badPhone: 0,
};
let plates: Record<number, string> = {};
let phones: Record<number, string> = {};

beforeAll(async () => {
  // Not frozen: /Job/Run enqueues at the process clock, which a frozen app clock would leave in the future.
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cmpA = (await sqlRows<{ id: number }>(t.db, sql`select id from companies where name = '邻里物业'`))[0]!.id;
  const day = today();
  // Keep the demo's own cards away from the three days, so only the chosen ones are due.
  await t.db
    .update(vehicles)
    .set({ validEnd: plusDays(day, 100) })
    .where(and(eq(vehicles.cmpId, cmpA), eq(vehicles.vehicleType, 1)));
  const monthly = await t.db
    .select({ id: vehicles.id, plate: vehicles.plate, mobile: residents.mobile })
    .from(vehicles)
    .innerJoin(residents, eq(residents.id, vehicles.ownerResidentId))
    .where(
      and(
        eq(vehicles.cmpId, cmpA),
        eq(vehicles.vehicleType, 1),
        eq(vehicles.status, 1),
        eq(vehicles.isDeleted, false),
        sql`${residents.mobile} <> ''`,
      ),
    )
    .orderBy(vehicles.id)
    .limit(6);
  expect(monthly).toHaveLength(6);
  const keys = Object.keys(car) as (keyof typeof car)[];
  monthly.forEach((v, i) => {
    car[keys[i]!] = v.id;
  });
  plates = Object.fromEntries(monthly.map((v) => [v.id, v.plate]));
  phones = Object.fromEntries(monthly.map((v) => [v.id, v.mobile]));
  const ends: Record<keyof typeof car, number> = { d30: 30, d7: 7, d0: 0, d29: 29, noPhone: 7, badPhone: 30 };
  for (const k of keys)
    await t.db
      .update(vehicles)
      .set({ validEnd: plusDays(day, ends[k]) })
      .where(eq(vehicles.id, car[k]));
  // No phone anywhere: neither a linked resident nor a typed number.
  await t.db.update(vehicles).set({ ownerResidentId: null, ownerMobile: '' }).where(eq(vehicles.id, car.noPhone));
  // An old import's number that is not a mobile.
  await t.db
    .update(vehicles)
    .set({ ownerResidentId: null, ownerMobile: '0755-1234' })
    .where(eq(vehicles.id, car.badPhone));
  b = await companyWithCar('别家物业', 'bieadmin', true, '粤B2B001', plusDays(day, 7));
  cmpB = b.cmpId;
  // C never set SMS up: its owner is not texted, nor is C charged.
  cmpC = (await companyWithCar('三家物业', 'sanadmin', false, '粤B3C001', plusDays(day, 0))).cmpId;
});
afterAll(() => t.close());

describe('parking.card-expiry: the owners’ SMS', () => {
  it('texts each 月租 owner 30, 7 and 0 days before the end once, charged to the vehicle’s own company', async () => {
    const day = today();
    const [a0, b0] = [await balanceOf(t, cmpA), await balanceOf(t, cmpB)];
    const out = await run();
    expect(out.Sms).toMatchObject({ Companies: 2, Sent: 4, Segments: 4, Invalid: 1, Failed: [] });
    const recs = await cardRecords();
    expect(recs.map((r) => [r.cmpId, r.sourceId]).sort()).toEqual(
      [
        [cmpA, car.d30],
        [cmpA, car.d7],
        [cmpA, car.d0],
        [cmpB, (await sqlRows<{ id: number }>(t.db, sql`select id from vehicles where plate = '粤B2B001'`))[0]!.id],
      ].sort(),
    );
    const d7 = recs.find((r) => r.sourceId === car.d7)!;
    expect(d7).toMatchObject({
      phone: phones[car.d7],
      content: `【邻里物业】您的车辆${plates[car.d7]}月卡将于${plusDays(day, 7)}到期，请及时续费。`,
      segments: 1,
      state: 1,
    });
    expect(recs.find((r) => r.cmpId === cmpB)!.content).toBe(
      `【别家物业】您的车辆粤B2B001月卡将于${plusDays(day, 7)}到期，请及时续费。`,
    );
    // Charged: each company by its own records' 条, one 发送扣减 row per record.
    const segs = (cmp: number) => recs.filter((r) => r.cmpId === cmp).reduce((n, r) => n + r.segments, 0);
    expect(await balanceOf(t, cmpA)).toBe(a0 - segs(cmpA));
    expect(await balanceOf(t, cmpB)).toBe(b0 - segs(cmpB));
    const logs = await sqlRows<{ cmp_id: number; delta: number; ref_id: number; balance: number }>(
      t.db,
      sql`select cmp_id, delta, ref_id, balance from sms_balance_logs where kind = 2 and ref_type = 'record'
        and ref_id = any(${`{${recs.map((r) => r.id).join(',')}}`}::int[]) order by ref_id`,
    );
    expect(logs.map((l) => [l.cmp_id, l.delta, l.ref_id])).toEqual(recs.map((r) => [r.cmpId, -r.segments, r.id]));
    // Each row carries the running balance after it.
    expect(logs.filter((l) => l.cmp_id === cmpA).map((l) => l.balance)).toEqual([a0 - 1, a0 - 2, a0 - 3]);
    expect(await sqlRows(t.db, sql`select 1 from sms_accounts where cmp_id = ${cmpC}`)).toEqual([]);
    // 发送记录 lists them under 来源 月卡到期.
    const list = await t.api<Record<string, unknown>[]>('/SmsRecord/List', { Source: 6 }, admin);
    expect(list.ret, list.msg).toBe(0);
    expect(list.count).toBe(3);
    expect(list.data[0]).toMatchObject({ Source: 6, SourceName: '月卡到期' });
    // The delivery job hands them to the channel.
    await drainJobs(t.deps);
    expect(
      t.sent
        .filter((m) => m.content.includes('月卡将于'))
        .map((m) => m.phone)
        .sort(),
    ).toEqual([phones[car.d30], phones[car.d7], phones[car.d0], '13911110000'].sort());
  });

  it('a rerun the same day sends and charges nothing more', async () => {
    const [a0, b0, n0] = [await balanceOf(t, cmpA), await balanceOf(t, cmpB), (await cardRecords()).length];
    const out = await run();
    // Only the number that is not a mobile comes up again (and is skipped again).
    expect(out.Sms).toMatchObject({ Companies: 1, Sent: 0, Segments: 0, Invalid: 1, Failed: [] });
    expect((await cardRecords()).length).toBe(n0);
    expect([await balanceOf(t, cmpA), await balanceOf(t, cmpB)]).toEqual([a0, b0]);
  });

  it('a company short of 条 sends and is charged nothing; the job completes and the others get theirs', async () => {
    t.advance(DAY);
    const day = today();
    for (const [k, n] of [
      ['d30', 30],
      ['d7', 7],
      ['d0', 0],
    ] as const)
      await t.db
        .update(vehicles)
        .set({ validEnd: plusDays(day, n) })
        .where(eq(vehicles.id, car[k]));
    const bCar = await addCar(cmpB, b.communityId, b.lotId, '粤B2B002', plusDays(day, 30), '13911110001');
    await t.db.execute(sql`update sms_accounts set balance = 2 where cmp_id = ${cmpA}`);
    const logsA = async () =>
      (
        await sqlRows<{ n: number }>(t.db, sql`select count(*)::int as n from sms_balance_logs where cmp_id = ${cmpA}`)
      )[0]!.n;
    const [l0, n0, b0] = [await logsA(), (await cardRecords()).length, await balanceOf(t, cmpB)];
    const out = await run();
    expect(out.Sms).toMatchObject({
      Sent: 1,
      Failed: [{ CmpId: cmpA, Count: 3, Reason: '短信余额不足，请先充值' }],
    });
    expect(out.Lots).toBeGreaterThan(0);
    expect(await balanceOf(t, cmpA)).toBe(2);
    expect(await logsA()).toBe(l0);
    const recs = await cardRecords();
    expect(recs.length).toBe(n0 + 1);
    expect(recs.at(-1)).toMatchObject({ cmpId: cmpB, sourceId: bCar });
    expect(await balanceOf(t, cmpB)).toBe(b0 - 1);
    // Recharged, a rerun the same day sends A's three, and B's one only once.
    await t.db.execute(sql`update sms_accounts set balance = 100 where cmp_id = ${cmpA}`);
    expect((await run()).Sms).toMatchObject({ Sent: 3, Failed: [] });
    const again = await t.db
      .select({ id: smsRecords.sourceId })
      .from(smsRecords)
      .where(and(eq(smsRecords.source, 6), inArray(smsRecords.sourceId, [car.d30, car.d7, car.d0, bCar])));
    expect(again).toHaveLength(7);
    expect(await balanceOf(t, cmpA)).toBe(97);
  });

  it('a company whose SMS channel is off is not texted', async () => {
    t.advance(DAY);
    await t.db
      .update(vehicles)
      .set({ validEnd: plusDays(today(), 7) })
      .where(eq(vehicles.id, car.d7));
    await t.db.execute(sql`update sms_providers set active = false where cmp_id = ${cmpA}`);
    const n0 = (await cardRecords()).length;
    expect((await run()).Sms).toMatchObject({ Sent: 0, Companies: 0 });
    expect((await cardRecords()).length).toBe(n0);
    expect(cmpC).toBeGreaterThan(0);
  });
});
