import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { feeBills, feeJournal, residentRooms } from '../../db/schema';
import { drainJobs } from '../jobs';
import { buildingId, communityId } from '../properties/test-helpers';
import { makeItem, makeStandard, monthFrom } from './test-helpers';

let t: TestApp;
let admin: string;
let lake: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  lake = await communityId(t, '翠湖天地');
});
afterAll(() => t.close());

const xlsx = async (call: string, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${call}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    payload: body,
  });
  return res;
};

describe('fees lists, exports and unbinding', () => {
  it('exports items and readings as xlsx; lists runs and bindings with names', async () => {
    for (const call of ['/FeeItem/Export', '/MeterReading/Export']) {
      const res = await xlsx(call);
      expect(res.statusCode, call).toBe(200);
      expect(res.headers['content-type'], call).toContain('spreadsheetml');
    }
    const runs = await t.api<{ StateName: string; StandardNames: string; CreatorName: string }[]>(
      '/FeeBillRun/List',
      {},
      admin,
    );
    expect(runs.count).toBeGreaterThanOrEqual(4);
    expect(runs.data.every((r) => r.StateName === '已完成' && r.StandardNames !== '')).toBe(true);
    const binds = await t.api<{ PayerName: string; StateName: string; StandardName: string }[]>(
      '/FeeBinding/List',
      { Keyword: '1栋-1单元-101', State: 1 },
      admin,
    );
    expect(binds.data.some((b) => b.PayerName === '1栋-1单元-101' && b.StandardName === '住宅物业费')).toBe(true);
  });

  it('解绑 sets the EndDate and cancels the unpaid bills after it, with 取消 journal rows', async () => {
    const item = await makeItem(t, admin, '解绑物业费');
    const std = await makeStandard(t, admin, { ItemId: item, CommunityId: lake, StandardName: '解绑' });
    await t.api(
      '/FeeBinding/Bind',
      { StandardId: std, BuildingIds: [await buildingId(t, '翠湖天地', '5栋')], StartDate: `${monthFrom(t, 0)}-01` },
      admin,
    );
    await t.api(
      '/FeeBillRun/Start',
      { CommunityId: lake, StandardIds: [std], PeriodFrom: monthFrom(t, 0), PeriodTo: monthFrom(t, 2) },
      admin,
    );
    await drainJobs(t.deps);
    const list = await t.api<{ Id: number; PayerId: number }[]>('/FeeBinding/List', { StandardId: std }, admin);
    const one = list.data[0]!;
    const early = await t.api('/FeeBinding/Unbind', { Ids: [one.Id], EndDate: `${monthFrom(t, -1)}-01` }, admin);
    expect(early.msg).toBe('结束日期不能早于开始日期');
    const r = await t.api<{ Unbound: number; CancelledBills: number }>(
      '/FeeBinding/Unbind',
      { Ids: [one.Id], EndDate: `${monthFrom(t, 0)}-28` },
      admin,
    );
    expect(r.data).toEqual({ Unbound: 1, CancelledBills: 2 });
    const bills = await t.db.select().from(feeBills).where(eq(feeBills.standardId, std));
    expect(
      bills
        .filter((b) => b.payerId === one.PayerId)
        .map((b) => b.state)
        .sort(),
    ).toEqual([1, 4, 4]);
    const cancelled = bills.filter((b) => b.state === 4).map((b) => b.id);
    const rows = await t.db
      .select()
      .from(feeJournal)
      .where(and(inArray(feeJournal.billId, cancelled), eq(feeJournal.eventType, 4)));
    expect(rows).toHaveLength(2);
    expect((await t.api('/FeeBinding/Unbind', { Ids: [one.Id], EndDate: `${monthFrom(t, 0)}-28` }, admin)).ret).toBe(
      404,
    );
  });

  it('Resident/FeeSummary answers balance, arrears and the last payment of the resident’s rooms', async () => {
    const [link] = await t.db.select().from(residentRooms).limit(1);
    const r = await t.api<{ BalanceMoney: string; ArrearsMoney: string; LastPayment: unknown }>(
      '/Resident/FeeSummary',
      { Id: link!.residentId },
      admin,
    );
    expect(r.ret).toBe(0);
    expect(r.data.BalanceMoney).toMatch(/^\d+\.\d{2}$/);
    expect(r.data.ArrearsMoney).toMatch(/^\d+\.\d{2}$/);
    expect((await t.api('/Resident/FeeSummary', { Id: 999999 }, admin)).ret).toBe(404);
  });
});
