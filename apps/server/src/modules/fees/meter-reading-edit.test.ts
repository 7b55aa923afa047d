import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { clerkWith } from '../properties/test-helpers';

/** 抄表: correcting a 待审核 reading, 换表 (old end / new start) and 翻表, with BatchSave's refusals. */
let t: TestApp;
let admin: string;

interface Reading {
  id: number;
  meter_id: number;
  community_id: number;
  period: string;
  prev: string;
  curr: string;
  usage: string;
  state: number;
  is_abnormal: boolean;
}
const readingOf = async (id: number) =>
  (
    await sqlRows<Reading>(
      t.db,
      sql`select id, meter_id, community_id, period, prev_reading::text as prev, curr_reading::text as curr,
          usage::text, state, is_abnormal from fee_meter_readings where id = ${id}`,
    )
  )[0]!;

/** A 待审核 water reading of the demo that is its meter's newest and not 异常. */
async function pendingReading(skip = 0) {
  const [r] = await sqlRows<{ id: number }>(
    t.db,
    sql`select rd.id from fee_meter_readings rd join meters m on m.id = rd.meter_id
        where rd.state = 1 and not rd.is_abnormal and m.meter_type = 1 and m.multiplier = 1
          and not exists (select 1 from fee_meter_readings x where x.meter_id = rd.meter_id and x.period > rd.period)
        order by rd.id offset ${skip} limit 1`,
  );
  return readingOf(r!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, token = admin) =>
  t.api<{ Usage: string }>('/MeterReading/Save', body, token);

describe('MeterReading/Save', () => {
  it('corrects 本期读数 and the usage of a 待审核 reading, and the meter follows', async () => {
    const r = await pendingReading();
    const curr = (Number(r.prev) + 5).toFixed(2);
    const a = await save({ Id: r.id, CurrReading: curr, Remark: '复核改正' });
    expect(a).toMatchObject({ ret: 0, data: { Usage: '5.00' } });
    expect(await readingOf(r.id)).toMatchObject({ curr, usage: '5.00', state: 1 });
    const [m] = await sqlRows<{ last: string }>(
      t.db,
      sql`select last_reading::text as last from meters where id = ${r.meter_id}`,
    );
    expect(m!.last).toBe(curr);
  });

  it('refuses a reading below the previous one, and a 换表 without both readings; nothing changes', async () => {
    const r = await pendingReading(1);
    const below = await save({ Id: r.id, CurrReading: (Number(r.prev) - 1).toFixed(2) });
    expect(below.ret).toBe(400);
    expect(below.msg).toMatch(/^表号SB\d+：本期读数不能小于上期读数$/);
    expect(await save({ Id: r.id, CurrReading: '1', IsReplace: true, OldEndReading: r.prev })).toMatchObject({
      ret: 400,
      msg: expect.stringContaining('换表需填写旧表止码和新表起码'),
    });
    expect(await readingOf(r.id)).toEqual(r);
  });

  it('换表: usage = (旧表止码 − 上期) + (本期 − 新表起码); the next period starts from 本期', async () => {
    const r = await pendingReading(2);
    const old = (Number(r.prev) + 3).toFixed(2);
    const a = await save({ Id: r.id, IsReplace: true, OldEndReading: old, NewStartReading: '0', CurrReading: '4' });
    expect(a).toMatchObject({ ret: 0, data: { Usage: '7.00' } });
    const [next] = await sqlRows<{ y: number; m: number }>(
      t.db,
      sql`select extract(year from to_date(${r.period}, 'YYYY-MM') + interval '1 month')::int as y,
          extract(month from to_date(${r.period}, 'YYYY-MM') + interval '1 month')::int as m`,
    );
    const period = `${next!.y}-${String(next!.m).padStart(2, '0')}`;
    const grid = await t.api<{ MeterId: number; PrevReading: string }[]>(
      '/MeterReading/Grid',
      { CommunityId: r.community_id, MeterType: 1, Period: period },
      admin,
    );
    expect(grid.data.find((g) => g.MeterId === r.meter_id)?.PrevReading).toBe('4.00');
  });

  it('asks to confirm an abnormal usage (409), then marks it 异常', async () => {
    const r = await pendingReading(3);
    const big = (Number(r.prev) + 500).toFixed(2);
    const ask = await save({ Id: r.id, CurrReading: big });
    expect(ask).toMatchObject({ ret: 409, msg: '有1条读数用量异常，请确认后保存' });
    expect(await readingOf(r.id)).toEqual(r);
    expect((await save({ Id: r.id, CurrReading: big, ConfirmAbnormal: true })).ret).toBe(0);
    expect((await readingOf(r.id)).is_abnormal).toBe(true);
  });

  it('only a 待审核 reading can be changed; rights and tenancy hold', async () => {
    const r = await pendingReading(4);
    expect((await t.api('/MeterReading/Approve', { Ids: [r.id] }, admin)).ret).toBe(0);
    expect(await save({ Id: r.id, CurrReading: r.curr })).toMatchObject({ ret: 400, msg: '只有待审核的读数可以修改' });
    const other = await pendingReading(5);
    const approver = await clerkWith(t, admin, [{ RoleKey: 'sfgl_cb', Btn: 'approve' }]);
    expect(await save({ Id: other.id, CurrReading: other.curr }, approver)).toMatchObject({ ret: 403 });
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    expect(await save({ Id: other.id, CurrReading: other.curr }, b)).toMatchObject({ ret: 404 });
    expect(await readingOf(other.id)).toEqual(other);
  });
});
