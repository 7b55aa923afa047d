import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { feeBillRuns, feeBills, feeItems, feeMeterReadings, feeStandards } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { drainJobs } from '../jobs';
import { buildingId, clerkWith, communityId } from '../properties/test-helpers';
import { type RunPayload, runChunks, startRun } from './bill-runs.service';
import { loadStandard } from './generator';
import { makeItem, makeStandard, monthFrom } from './test-helpers';

/** Company B never reaches A's fee rows; a clerk limited to 翠湖天地 never reaches 阳光花园's; rights answer 403. */
let t: TestApp;
let admin: string;
let b: string;
let sunny: number;
let lake: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  b = await t.login('bieadmin', 'Other2026');
  sunny = await communityId(t, '阳光花园');
  lake = await communityId(t, '翠湖天地');
});
afterAll(() => t.close());

const NF = { ret: 404 };

describe('fees tenancy and scope', () => {
  it("B lists none of A's fee rows and cannot touch them by id", async () => {
    for (const call of [
      '/FeeItem/List',
      '/FeeStandard/List',
      '/FeeBinding/List',
      '/FeeBillRun/List',
      '/FeeBill/List',
      '/MeterReading/List',
    ])
      expect((await t.api(call, {}, b)).count, call).toBe(0);
    const [item] = await t.db.select().from(feeItems).where(eq(feeItems.itemName, '物业费'));
    const [std] = await t.db.select().from(feeStandards).where(eq(feeStandards.standardName, '住宅物业费'));
    const [bill] = await t.db.select().from(feeBills).limit(1);
    const [run] = await t.db.select().from(feeBillRuns).limit(1);
    const [reading] = await t.db.select().from(feeMeterReadings).where(eq(feeMeterReadings.state, 1)).limit(1);
    expect(await t.api('/FeeItem/Get', { Id: item!.id }, b)).toMatchObject(NF);
    expect(await t.api('/FeeItem/Delete', { Id: item!.id }, b)).toMatchObject(NF);
    expect(await t.api('/FeeItem/SetEnabled', { Id: item!.id, IsEnabled: false }, b)).toMatchObject(NF);
    expect(await t.api('/FeeItem/Save', { Id: item!.id, ItemName: '改名', Category: 1, Kind: 1 }, b)).toMatchObject(NF);
    expect(await t.api('/FeeStandard/Get', { Id: std!.id }, b)).toMatchObject(NF);
    expect(await t.api('/FeeStandard/SetEnabled', { Id: std!.id, IsEnabled: false }, b)).toMatchObject(NF);
    expect(
      await t.api('/FeeBinding/Bind', { StandardId: std!.id, PayerIds: [1], StartDate: '2026-01-01' }, b),
    ).toMatchObject(NF);
    expect(await t.api('/FeeBinding/Rooms', { StandardId: std!.id }, b)).toMatchObject(NF);
    expect(await t.api('/FeeBillRun/Progress', { RunId: run!.id }, b)).toMatchObject(NF);
    expect(await t.api('/FeeBillRun/Revoke', { Id: run!.id }, b)).toMatchObject(NF);
    const p = monthFrom(t, 1);
    expect(
      await t.api('/FeeBillRun/Preview', { CommunityId: sunny, StandardIds: [std!.id], PeriodFrom: p, PeriodTo: p }, b),
    ).toMatchObject(NF);
    expect(
      await t.api('/FeeBill/Discount', { Id: bill!.id, DiscountMoney: 1, Reason: '别家减免试试' }, b),
    ).toMatchObject(NF);
    expect(await t.api('/FeeBill/Cancel', { Id: bill!.id, Reason: '别家取消试试' }, b)).toMatchObject(NF);
    expect(await t.api('/FeeBill/Prepay', { PayerId: 1, StandardId: std!.id, Months: 1 }, b)).toMatchObject(NF);
    expect(await t.api('/MeterReading/Approve', { Ids: [reading!.id] }, b)).toMatchObject(NF);
    expect(await t.api('/MeterReading/Grid', { CommunityId: sunny, MeterType: 1, Period: p }, b)).toMatchObject(NF);
    const [after] = await t.db.select().from(feeBills).where(eq(feeBills.id, bill!.id));
    expect(after).toEqual(bill);
  });

  it('a clerk limited to 翠湖天地 sees none of 阳光花园’s standards, bills or readings', async () => {
    const clerk = await clerkWith(
      t,
      admin,
      [
        { RoleKey: 'sfgl_sfxm', Btn: 'add,edit,del,bind,generate' },
        { RoleKey: 'sfgl_jft', Btn: 'discount' },
        { RoleKey: 'sfgl_cb', Btn: 'approve' },
      ],
      [lake],
    );
    expect((await t.api('/FeeStandard/List', { CommunityId: sunny }, clerk)).count).toBe(0);
    expect((await t.api('/FeeBill/List', {}, clerk)).count).toBe(0);
    expect((await t.api('/MeterReading/List', {}, clerk)).count).toBe(0);
    const [std] = await t.db.select().from(feeStandards).where(eq(feeStandards.standardName, '住宅物业费'));
    expect(await t.api('/FeeStandard/Get', { Id: std!.id }, clerk)).toMatchObject(NF);
    const [bill] = await t.db.select().from(feeBills).limit(1);
    expect(
      await t.api('/FeeBill/Discount', { Id: bill!.id, DiscountMoney: 1, Reason: '越权减免试试' }, clerk),
    ).toMatchObject(NF);
    // Items are the company's: the clerk sees them.
    expect((await t.api('/FeeItem/List', {}, clerk)).count).toBeGreaterThan(0);
  });

  it('a position without the button gets 403 and nothing changes', async () => {
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfxm', Btn: '' }]);
    const [std] = await t.db.select().from(feeStandards).where(eq(feeStandards.standardName, '住宅物业费'));
    expect((await t.api('/FeeItem/List', {}, viewer)).ret).toBe(0);
    expect(await t.api('/FeeItem/Save', { ItemName: '无权新增', Category: 1, Kind: 1 }, viewer)).toMatchObject({
      ret: 403,
    });
    expect(
      await t.api('/FeeBinding/Bind', { StandardId: std!.id, PayerIds: [1], StartDate: '2026-01-01' }, viewer),
    ).toMatchObject({ ret: 403 });
    const p = monthFrom(t, 1);
    expect(
      await t.api(
        '/FeeBillRun/Start',
        { CommunityId: sunny, StandardIds: [std!.id], PeriodFrom: p, PeriodTo: p },
        viewer,
      ),
    ).toMatchObject({ ret: 403 });
    expect(await t.api('/FeeBill/List', {}, viewer)).toMatchObject({ ret: 403 });
    expect(await t.api('/MeterReading/Approve', { Ids: [1] }, viewer)).toMatchObject({ ret: 403 });
  });
});

describe('bill run concurrency and restart', () => {
  it('two runs of the same month at once create each bill once; the journal matches', async () => {
    const item = await makeItem(t, admin, '并发物业费');
    const std = await makeStandard(t, admin, { ItemId: item, CommunityId: lake, StandardName: '并发' });
    const bids = [await buildingId(t, '翠湖天地', '5栋'), await buildingId(t, '翠湖天地', '6栋')];
    await t.api('/FeeBinding/Bind', { StandardId: std, BuildingIds: bids, StartDate: `${monthFrom(t, 0)}-01` }, admin);
    const p = monthFrom(t, 1);
    const body = { CommunityId: lake, StandardIds: [std], PeriodFrom: p, PeriodTo: p };
    const [r1, r2] = await Promise.all([
      t.api<{ RunId: number }>('/FeeBillRun/Start', body, admin),
      t.api<{ RunId: number }>('/FeeBillRun/Start', body, admin),
    ]);
    await Promise.all([drainJobs(t.deps), drainJobs(t.deps)]);
    const a = await t.api<{ Created: number; Skipped: number; State: number }>(
      '/FeeBillRun/Progress',
      { RunId: r1.data.RunId },
      admin,
    );
    const c = await t.api<{ Created: number; Skipped: number; State: number }>(
      '/FeeBillRun/Progress',
      { RunId: r2.data.RunId },
      admin,
    );
    const bills = await t.db.select().from(feeBills).where(eq(feeBills.standardId, std));
    expect(a.data.State).toBe(3);
    expect(c.data.State).toBe(3);
    expect(a.data.Created + c.data.Created).toBe(bills.length);
    expect(a.data.Skipped + c.data.Skipped).toBe(bills.length);
    const [j] = await t.db
      .execute(
        sql`select count(*)::int as n from fee_journal where bill_id in (select id from fee_bills where standard_id = ${std})`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(j!.n).toBe(bills.length);
  });

  it('a run stopped half-way keeps whole chunks only and resumes where it stopped', async () => {
    const item = await makeItem(t, admin, '中断物业费');
    const std = await makeStandard(t, admin, { ItemId: item, CommunityId: lake, StandardName: '中断' });
    const bids = [await buildingId(t, '翠湖天地', '5栋'), await buildingId(t, '翠湖天地', '6栋')];
    await t.api('/FeeBinding/Bind', { StandardId: std, BuildingIds: bids, StartDate: `${monthFrom(t, 0)}-01` }, admin);
    const [cmp] = await t.db.select({ cmpId: feeStandards.cmpId }).from(feeStandards).where(eq(feeStandards.id, std));
    const s = (await loadStandard(t.db, cmp!.cmpId, std))!;
    const p = monthFrom(t, 1);
    const { payload } = await t.db.transaction((tx) =>
      startRun(tx, {
        cmpId: cmp!.cmpId,
        userId: null,
        communityId: lake,
        standards: [s],
        from: p,
        to: p,
        source: 1,
        now: t.deps.now(),
      }),
    );
    expect(payload.chunks).toHaveLength(2);
    // The process "dies" after the first chunk: the second building has no bill yet, Done counts one chunk.
    await runChunks(t.deps, payload as RunPayload, undefined, 1);
    const [mid] = await t.db.select().from(feeBillRuns).where(eq(feeBillRuns.id, payload.runId));
    const firstCount = (
      await t.db
        .select()
        .from(feeBills)
        .where(and(eq(feeBills.runId, payload.runId), eq(feeBills.buildingId, payload.chunks[0]!.buildingId!)))
    ).length;
    expect(mid).toMatchObject({ done: 1, created: firstCount, state: 2 });
    expect((await t.db.select().from(feeBills).where(eq(feeBills.runId, payload.runId))).length).toBe(firstCount);
    const done = await runChunks(t.deps, payload as RunPayload);
    const all = await t.db.select().from(feeBills).where(eq(feeBills.runId, payload.runId));
    expect(done).toMatchObject({ Created: all.length });
    expect(all.length).toBeGreaterThan(firstCount);
    const [end] = await t.db.select().from(feeBillRuns).where(eq(feeBillRuns.id, payload.runId));
    expect(end).toMatchObject({ done: 2, total: 2, state: 3 });
  });

  it("revokes a whole run unless a bill took money: '本批账单已有N笔收款，不能整批撤销'", async () => {
    const item = await makeItem(t, admin, '撤销物业费');
    const std = await makeStandard(t, admin, { ItemId: item, CommunityId: lake, StandardName: '撤销' });
    await t.api(
      '/FeeBinding/Bind',
      { StandardId: std, BuildingIds: [await buildingId(t, '翠湖天地', '5栋')], StartDate: `${monthFrom(t, 0)}-01` },
      admin,
    );
    const p = monthFrom(t, 1);
    const r = await t.api<{ RunId: number }>(
      '/FeeBillRun/Start',
      { CommunityId: lake, StandardIds: [std], PeriodFrom: p, PeriodTo: p },
      admin,
    );
    await drainJobs(t.deps);
    const bills = await t.db.select().from(feeBills).where(eq(feeBills.runId, r.data.RunId));
    await t.db.update(feeBills).set({ paidMoney: '1.00', state: 2 }).where(eq(feeBills.id, bills[0]!.id));
    expect(await t.api('/FeeBillRun/Revoke', { Id: r.data.RunId }, admin)).toMatchObject({
      ret: 400,
      msg: '本批账单已有1笔收款，不能整批撤销',
    });
    await t.db.update(feeBills).set({ paidMoney: '0.00', state: 1 }).where(eq(feeBills.id, bills[0]!.id));
    expect(await t.api('/FeeBillRun/Revoke', { Id: r.data.RunId }, admin)).toMatchObject({ ret: 0 });
    expect(await t.db.select().from(feeBills).where(eq(feeBills.runId, r.data.RunId))).toHaveLength(0);
    expect(
      (await t.api<{ StateName: string }>('/FeeBillRun/Progress', { RunId: r.data.RunId }, admin)).data.StateName,
    ).toBe('已撤销');
    // Revoked, the month can be generated again.
    const again = await t.api<{ ToCreate: number }>(
      '/FeeBillRun/Preview',
      { CommunityId: lake, StandardIds: [std], PeriodFrom: p, PeriodTo: p },
      admin,
    );
    expect(again.data.ToCreate).toBe(bills.length);
  });
});
