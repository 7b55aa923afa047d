import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantTables } from '../../../test/change-log';
import { createTestApp, type TestApp } from '../../../test/harness';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import { employeeArchives, residents, vehicles } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { billOf, billRow, requestId, roomOf, standardIn } from '../fees/desk-test-helpers';
import { makeItem, makeStandard, monthFrom } from '../fees/test-helpers';
import { buildingId, communityId } from '../properties/test-helpers';
import { allJobs } from '../jobs';

/**
 * /Job/Run by a company administrator acts for that company only: the scheduled jobs act for every company, but a
 * run started by hand must never send, charge, remind, generate or close anything of another company. Company A is
 * the demo (rich data), B a second company; due work is arranged in both, B's administrator runs the jobs.
 */
let t: TestApp;
let adminA: string;
let adminB: string;
let cmpA: number;
let cmpB: number;
const DAY = 86_400_000;
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const today = () => todayIn(t.deps.now(), 'Asia/Shanghai');
const daysAgo = (n: number) => plusDays(today(), -n);

type Summary = Record<string, unknown>;
async function run(name: string, token: string): Promise<Summary> {
  const r = await t.api<{ State: string; Error: string; Summary: Summary }>('/Job/Run', { Name: name }, token);
  expect(r.ret, `${name}: ${r.msg}`).toBe(0);
  expect(r.data.State, `${name}: ${r.data.Error}`).toBe('done');
  return r.data.Summary;
}

let tables: string[] = [];
/** Every row of the company in every table with the tenant column, as a count and a hash per table. */
async function snapshot(cmpId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const tbl of tables) {
    const [r] = await sqlRows<{ n: number; h: string }>(
      t.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
        from ${sql.identifier(tbl)} x where x.cmp_id = ${cmpId}`,
    );
    out[tbl] = `${r!.n}:${r!.h}`;
  }
  return out;
}

const count = async (q: ReturnType<typeof sql>) => (await sqlRows<{ n: number }>(t.db, q))[0]!.n;
const messages = (cmpId: number, msgType: number) =>
  count(sql`select count(*)::int as n from sys_messages where cmp_id = ${cmpId} and msg_type = ${msgType}`);
const cardSms = (cmpId: number) =>
  count(sql`select count(*)::int as n from sms_records where cmp_id = ${cmpId} and source = 6`);
const batchJobs = (batchId: number) =>
  count(sql`select count(*)::int as n from jobs where dedupe_key = ${`sms.batch:${batchId}`}`);

/** B's own little estate: a community with one building, one unit, one room and one lot; SMS set up. */
async function estateB() {
  const one = async (q: ReturnType<typeof sql>) => (await sqlRows<{ id: number }>(t.db, q))[0]!.id;
  const community = await one(sql`insert into communities (cmp_id, name) values (${cmpB}, '别家小区') returning id`);
  const building = await one(
    sql`insert into buildings (cmp_id, community_id, name, floors_above) values (${cmpB}, ${community}, '1栋', 6)
      returning id`,
  );
  const unit = await one(
    sql`insert into building_units (cmp_id, community_id, building_id, unit_no, name, floors_above)
      values (${cmpB}, ${community}, ${building}, 1, '1单元', 6) returning id`,
  );
  const room = await one(
    sql`insert into rooms (cmp_id, community_id, building_id, unit_id, floor, room_no, full_name, build_area)
      values (${cmpB}, ${community}, ${building}, ${unit}, 1, '101', '1栋-1单元-101', 80) returning id`,
  );
  const lot = await one(
    sql`insert into parking_lots (cmp_id, community_id, name, space_count) values (${cmpB}, ${community}, '一号车场', 10)
      returning id`,
  );
  await t.db.execute(sql`insert into sms_providers (cmp_id, kind) values (${cmpB}, 3)`);
  const sign = await one(sql`insert into sms_signs (cmp_id, name, state) values (${cmpB}, '别家物业', 2) returning id`);
  await t.db.execute(sql`insert into sms_accounts (cmp_id, balance) values (${cmpB}, 100)`);
  return { community, building, room, lot, sign };
}

/** A due 群发 batch of the company (its run is missing: sms.dispatch queues it). */
async function dueBatch(cmpId: number, signId: number, no: string) {
  const [tpl] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into sms_templates (cmp_id, name, kind, content) values (${cmpId}, '通知', 1, '您好') returning id`,
  );
  const [b] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into sms_batches (cmp_id, batch_no, template_id, sign_id, target, send_at, state)
      values (${cmpId}, ${no}, ${tpl!.id}, ${signId}, '{"Phones":["13900000000"]}'::jsonb,
        ${new Date(t.deps.now().getTime() - 60_000)}, 1) returning id`,
  );
  return b!.id;
}

let b: Awaited<ReturnType<typeof estateB>>;
const due = { carA: 0, archiveA: 0, billA: 0, billB: 0, batchA: 0, batchB: 0, stdA: 0, stdB: 0 };

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin', 'Admin@123');
  cmpA = (await sqlRows<{ id: number }>(t.db, sql`select id from companies where name = '邻里物业'`))[0]!.id;
  cmpB = await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  adminB = await t.login('bieadmin', 'Other2026');
  tables = [...(await tenantTables(t.db))].filter((x) => x !== 'test_statement_log').sort();
  b = await estateB();
  const day = today();

  // 月卡到期: one A car (its owner has a mobile, A has SMS set up) and one B car end in 7 days.
  await t.db
    .update(vehicles)
    .set({ validEnd: plusDays(day, 100) })
    .where(and(eq(vehicles.cmpId, cmpA), eq(vehicles.vehicleType, 1)));
  const [car] = await t.db
    .select({ id: vehicles.id })
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
    .limit(1);
  due.carA = car!.id;
  await t.db
    .update(vehicles)
    .set({ validEnd: plusDays(day, 7) })
    .where(eq(vehicles.id, due.carA));
  await t.db.insert(vehicles).values({
    cmpId: cmpB,
    communityId: b.community,
    lotId: b.lot,
    plate: '粤B2B001',
    vehicleType: 1,
    ownerName: '王五',
    ownerMobile: '13911110000',
    validStart: plusDays(day, -30),
    validEnd: plusDays(day, 7),
  });

  // 劳动合同到期: an A file and a B file end in 7 days.
  await t.db.update(employeeArchives).set({ contractEnd: '2099-01-01' });
  const [arch] = await t.db
    .select()
    .from(employeeArchives)
    .where(and(eq(employeeArchives.cmpId, cmpA), eq(employeeArchives.status, 1)))
    .limit(1);
  due.archiveA = arch!.id;
  await t.db
    .update(employeeArchives)
    .set({ contractEnd: plusDays(day, 7) })
    .where(eq(employeeArchives.id, arch!.id));
  await t.db.insert(employeeArchives).values({
    cmpId: cmpB,
    employeeNo: 'B0001',
    name: '乙员工',
    gender: 1,
    entryDate: '2025-01-01',
    status: 1,
    contractEnd: plusDays(day, 7),
  });

  // 自动抵扣: a bill of an AutoDeduct standard in each company, covered by the room's prepaid.
  const roomA = await roomOf(t, '6栋-1单元-101', '翠湖天地');
  const stdA = await standardIn(t, roomA, { autoDeduct: true });
  due.billA = await billOf(t, roomA, stdA, '2026-01', '20.00', daysAgo(5));
  const topUp = await t.api(
    '/Prepaid/TopUp',
    {
      RequestId: requestId(),
      RoomId: roomA.id,
      TopUps: [{ ItemId: 0, AmountMoney: '100' }],
      Tenders: [{ Method: 1, AmountMoney: '100' }],
    },
    adminA,
  );
  expect(topUp.ret, topUp.msg).toBe(0);
  const roomB = { id: b.room, cmp_id: cmpB, community_id: b.community, building_id: b.building };
  const stdB = await standardIn(t, roomB, { autoDeduct: true });
  due.billB = await billOf(t, roomB, stdB, '2026-01', '20.00', daysAgo(5));
  const topUpB = await t.api(
    '/Prepaid/TopUp',
    {
      RequestId: requestId(),
      RoomId: b.room,
      TopUps: [{ ItemId: 0, AmountMoney: '100' }],
      Tenders: [{ Method: 1, AmountMoney: '100' }],
    },
    adminB,
  );
  expect(topUpB.ret, topUpB.msg).toBe(0);

  // 自动出账: an AutoGenerate standard billing today in each company.
  const billDay = Math.min(28, Number(day.slice(8, 10)));
  const autoStd = async (token: string, community: number, building: number) => {
    const item = await makeItem(t, token, '自动出账费(范围)');
    const s = await makeStandard(t, token, {
      ItemId: item,
      CommunityId: community,
      StandardName: '自动',
      PriceMethod: 3,
      FixedMoney: 12.5,
      AutoGenerate: true,
      BillDay: billDay,
    });
    const bind = await t.api(
      '/FeeBinding/Bind',
      { StandardId: s, BuildingIds: [building], StartDate: `${monthFrom(t, -1)}-01` },
      token,
    );
    expect(bind.ret, bind.msg).toBe(0);
    return s;
  };
  due.stdA = await autoStd(adminA, await communityId(t, '阳光花园'), await buildingId(t, '阳光花园', '2栋'));
  due.stdB = await autoStd(adminB, b.community, b.building);

  // 短信群发: a due batch in each company whose run is missing.
  const [signA] = await sqlRows<{ id: number }>(t.db, sql`select id from sms_signs where cmp_id = ${cmpA} limit 1`);
  due.batchA = await dueBatch(cmpA, signA!.id, 'SCOPE-A-1');
  due.batchB = await dueBatch(cmpB, b.sign, 'SCOPE-B-1');
});
afterAll(() => t.close());

const bills = (standardId: number) =>
  count(sql`select count(*)::int as n from fee_bills where standard_id = ${standardId}`);
const billsDue = () => Number(today().slice(8, 10)) <= 28;

describe('/Job/Run acts for the caller’s company only', () => {
  it('B’s run of the visible jobs does B’s work and leaves A’s due work untouched', async () => {
    const a0 = await snapshot(cmpA);

    const card = await run('parking.card-expiry', adminB);
    expect(card).toMatchObject({ Lots: 1, Sms: { Companies: 1, Sent: 1 } });
    expect(await cardSms(cmpB)).toBe(1);
    expect(await messages(cmpB, 15)).toBeGreaterThan(0);
    expect([await cardSms(cmpA), await messages(cmpA, 15)]).toEqual([0, 0]);

    await run('archives.contract-expiry', adminB);
    expect(await messages(cmpB, 1)).toBeGreaterThan(0);

    await run('fee.auto-deduct', adminB);
    expect(await billRow(t, due.billB)).toMatchObject({ state: 3 });
    expect(await billRow(t, due.billA)).toMatchObject({ state: 1 });

    await run('fee.auto-generate', adminB);
    if (billsDue()) expect(await bills(due.stdB)).toBeGreaterThan(0);
    expect(await bills(due.stdA)).toBe(0);

    expect(await run('attendance.finalise', adminB)).toMatchObject({ Companies: 0 });
    await run('attendance.close', adminB);

    expect(await run('sms.dispatch', adminB)).toMatchObject({ queued: 1 });
    expect([await batchJobs(due.batchB), await batchJobs(due.batchA)]).toEqual([1, 0]);

    // Not one row of A changed, anywhere.
    expect(await snapshot(cmpA)).toEqual(a0);
  });

  it('every scheduled job run by B completes and writes nothing of A', async () => {
    const a0 = await snapshot(cmpA);
    const ran: string[] = [];
    for (const job of allJobs) {
      await run(job.name, adminB);
      ran.push(job.name);
    }
    expect(ran).toHaveLength(allJobs.length);
    expect(await snapshot(cmpA)).toEqual(a0);
  });

  it('two companies’ runs of one job do not stand in each other’s way; A’s run does A’s due work', async () => {
    const [runA, runB] = await Promise.all([run('parking.card-expiry', adminA), run('parking.card-expiry', adminB)]);
    expect(runA).toMatchObject({ Sms: { Companies: 1, Sent: 1 } });
    // B's car was texted today already.
    expect(runB).toMatchObject({ Sms: { Companies: 0, Sent: 0 } });
    expect(await cardSms(cmpA)).toBe(1);
    expect(await messages(cmpA, 15)).toBeGreaterThan(0);
    expect(await cardSms(cmpB)).toBe(1);

    const b1 = await messages(cmpB, 1);
    await run('archives.contract-expiry', adminA);
    expect(await messages(cmpA, 1)).toBeGreaterThan(0);
    expect(await messages(cmpB, 1)).toBe(b1);

    await run('fee.auto-deduct', adminA);
    expect(await billRow(t, due.billA)).toMatchObject({ state: 3 });

    const genB = await bills(due.stdB);
    await run('fee.auto-generate', adminA);
    if (billsDue()) expect(await bills(due.stdA)).toBeGreaterThan(0);
    expect(await bills(due.stdB)).toBe(genB);

    expect(await run('sms.dispatch', adminA)).toMatchObject({ queued: 1 });
    expect([await batchJobs(due.batchA), await batchJobs(due.batchB)]).toEqual([1, 1]);
    expect(await run('attendance.finalise', adminA)).toMatchObject({ Companies: 1 });
  });
});
