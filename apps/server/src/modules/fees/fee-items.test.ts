import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { feeBills, feeJournal } from '../../db/schema';
import { drainJobs } from '../jobs';
import { buildingId, communityId } from '../properties/test-helpers';
import { makeItem, makeStandard, monthFrom } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

describe('FeeItem', () => {
  it('saves, lists with names and refuses a taken name', async () => {
    const id = await makeItem(t, admin, '物业费(单测)');
    const list = await t.api<{ Id: number; CategoryName: string; KindName: string; StandardCount: number }[]>(
      '/FeeItem/List',
      { Keyword: '单测' },
      admin,
    );
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({ Id: id, CategoryName: '物业费', KindName: '周期', StandardCount: 0 });
    const dup = await t.api('/FeeItem/Save', { ItemName: '物业费(单测)', Category: 1, Kind: 1 }, admin);
    expect(dup).toMatchObject({
      ret: 400,
      msg: '收费项目名称已存在',
      data: { Errors: { ItemName: '收费项目名称已存在' } },
    });
    expect(await t.api('/FeeItem/SetEnabled', { Id: id, IsEnabled: false }, admin)).toMatchObject({ ret: 0 });
    expect((await t.api<{ IsEnabled: boolean }>('/FeeItem/Get', { Id: id }, admin)).data.IsEnabled).toBe(false);
    expect(await t.api('/FeeItem/Delete', { Id: id }, admin)).toMatchObject({ ret: 0 });
  });
});

describe('FeeStandard', () => {
  it('refuses malformed formulas and tiers on the field', async () => {
    const item = await makeItem(t, admin, '公摊(单测)', { Category: 6 });
    const base = { ItemId: item, CommunityId: sunny, StandardName: '公式', PriceMethod: 6 };
    const bad = await t.api('/FeeStandard/Save', { ...base, Formula: 'area*price+' }, admin);
    expect(bad).toMatchObject({ ret: 400, data: { Errors: { Formula: '公式格式错误：第12个字符' } } });
    const unknown = await t.api('/FeeStandard/Save', { ...base, Formula: 'area*rate' }, admin);
    expect(unknown.data).toEqual({ Errors: { Formula: '公式中存在未知变量：rate' } });
    const tiers = await t.api(
      '/FeeStandard/Save',
      {
        ...base,
        PriceMethod: 5,
        Tiers: [
          { UpTo: 30, UnitPrice: 1 },
          { UpTo: 20, UnitPrice: 2 },
          { UpTo: '', UnitPrice: 3 },
        ],
      },
      admin,
    );
    expect(tiers.data).toEqual({ Errors: { Tiers: '阶梯区间须连续递增，最后一档不设上限' } });
    const ok = await t.api<{ Id: number }>('/FeeStandard/Save', { ...base, Formula: 'area*0.15*coef' }, admin);
    expect(ok.ret).toBe(0);
    const got = await t.api<{ Formula: string; PriceMethodName: string; UnitPrice: string }>(
      '/FeeStandard/Get',
      { Id: ok.data.Id },
      admin,
    );
    expect(got.data).toMatchObject({ Formula: 'area*0.15*coef', PriceMethodName: '公式', UnitPrice: '0.0000' });
  });

  it('试算 answers the amount and its steps', async () => {
    const r = await t.api<{ AmountMoney: string; Steps: string[] }>(
      '/FeeStandard/Trial',
      { PriceMethod: 1, UnitPrice: '2.5', Area: '89.37' },
      admin,
    );
    expect(r.data.AmountMoney).toBe('223.43');
    expect(r.data.Steps[0]).toContain('89.37');
    const tier = await t.api<{ AmountMoney: string }>(
      '/FeeStandard/Trial',
      {
        Kind: 3,
        PriceMethod: 5,
        Usage: 35,
        Tiers: [
          { UpTo: 20, UnitPrice: 3.45 },
          { UpTo: 30, UnitPrice: 4.83 },
          { UpTo: null, UnitPrice: 6.21 },
        ],
      },
      admin,
    );
    expect(tier.data.AmountMoney).toBe('148.35');
    const bad = await t.api('/FeeStandard/Trial', { PriceMethod: 6, Formula: 'area/(coef-1)', Area: 10 }, admin);
    expect(bad).toMatchObject({ ret: 400, data: { Errors: { Formula: '公式计算错误：除数为0' } } });
  });
});

describe('binding and 批量出账 (acceptance 1)', () => {
  let item: number;
  let std: number;
  it('binds every room of 1栋 (144) and lists conflicts with another standard of the item', async () => {
    item = await makeItem(t, admin, '物业费(测试)');
    std = await makeStandard(t, admin, { ItemId: item, CommunityId: sunny, StandardName: '住宅物业费' });
    const b1 = await buildingId(t, '阳光花园', '1栋');
    const start = `${monthFrom(t, 0)}-01`;
    const r = await t.api<{ Bound: number; Skipped: number; Conflicts: unknown[] }>(
      '/FeeBinding/Bind',
      { StandardId: std, BuildingIds: [b1], StartDate: start },
      admin,
    );
    expect(r.data).toEqual({ Bound: 144, Skipped: 0, Conflicts: [] });
    const again = await t.api<{ Bound: number; Skipped: number }>(
      '/FeeBinding/Bind',
      { StandardId: std, BuildingIds: [b1], StartDate: start },
      admin,
    );
    expect(again.data).toMatchObject({ Bound: 0, Skipped: 144 });
    const other = await makeStandard(t, admin, {
      ItemId: item,
      CommunityId: sunny,
      StandardName: '商铺物业费',
      UnitPrice: 4,
    });
    const rooms = await t.api<{ RoomId: number }[]>('/FeeBinding/Rooms', { StandardId: std, BuildingId: b1 }, admin);
    const conflict = await t.api<{ Conflicts: { PayerName: string; Reason: string }[] }>(
      '/FeeBinding/Bind',
      { StandardId: other, PayerIds: [rooms.data[0]!.RoomId], StartDate: start },
      admin,
    );
    expect(conflict.data.Conflicts).toHaveLength(1);
    expect(conflict.data.Conflicts[0]!.Reason).toMatch(/^1栋-1单元-\d+已绑定同项目标准“住宅物业费”$/);
  });

  it('previews next month, generates on the job queue, and a rerun creates nothing', async () => {
    const next = monthFrom(t, 1);
    const body = { CommunityId: sunny, StandardIds: [std], PeriodFrom: next, PeriodTo: next };
    const p = await t.api<{ ToCreate: number; Existing: number; Standards: { Samples: unknown[] }[] }>(
      '/FeeBillRun/Preview',
      body,
      admin,
    );
    expect(p.data).toMatchObject({ ToCreate: 144, Existing: 0 });
    expect(p.data.Standards[0]!.Samples).toHaveLength(20);
    const run = await t.api<{ RunId: number }>('/FeeBillRun/Start', body, admin);
    expect(run.ret).toBe(0);
    await drainJobs(t.deps);
    const prog = await t.api('/FeeBillRun/Progress', { RunId: run.data.RunId }, admin);
    expect(prog.data).toMatchObject({ State: 3, StateName: '已完成', Total: 1, Done: 1, Created: 144, Skipped: 0 });
    const bills = await t.db.select().from(feeBills).where(eq(feeBills.runId, run.data.RunId));
    expect(bills).toHaveLength(144);
    const [j] = await t.db
      .select({ n: sql<number>`count(*)::int`, s: sql<string>`sum(amount_money)::text` })
      .from(feeJournal)
      .where(sql`${feeJournal.billId} in (select id from fee_bills where run_id = ${run.data.RunId})`);
    const [b] = await t.db
      .select({ s: sql<string>`sum(amount_money)::text` })
      .from(feeBills)
      .where(eq(feeBills.runId, run.data.RunId));
    expect(j).toEqual({ n: 144, s: b!.s });

    const p2 = await t.api('/FeeBillRun/Preview', body, admin);
    expect(p2.data).toMatchObject({ ToCreate: 0, Existing: 144 });
    const rerun = await t.api<{ RunId: number }>('/FeeBillRun/Start', body, admin);
    await drainJobs(t.deps);
    const prog2 = await t.api('/FeeBillRun/Progress', { RunId: rerun.data.RunId }, admin);
    expect(prog2.data).toMatchObject({ State: 3, Created: 0, Skipped: 144 });
  });

  it('refuses more than 12 months ahead', async () => {
    const far = monthFrom(t, 13);
    const r = await t.api(
      '/FeeBillRun/Preview',
      { CommunityId: sunny, StandardIds: [std], PeriodFrom: far, PeriodTo: far },
      admin,
    );
    expect(r).toMatchObject({ ret: 400, msg: '最多提前生成12个月的账单' });
  });
});
