import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { sysMessages } from '../../db/schema';
import { todayIn } from '../../core/dates';

/** The 03:00 对账检查 (fee-reports.md "Jobs and events"): yesterday, every community; a ✗ alerts sfgl_sfbb holders. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const alerts = async () =>
  (await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 3))).filter((m) =>
    m.title.startsWith('对账异常'),
  );

describe('fee.reconcile', () => {
  it('is quiet on the demo data, and names the report and the gap when yesterday does not reconcile', async () => {
    expect((await t.api('/Job/Run', { Name: 'fee.reconcile' }, admin)).ret).toBe(0);
    expect(await alerts()).toEqual([]);

    // A tender with no line behind it, posted yesterday on a payment of today: 收费明细 no longer equals the tenders.
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const y = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000);
    const [p] = await sqlRows<{ id: number; cmp_id: number }>(
      t.db,
      sql`select id, cmp_id from fee_payments where request_id like 'demo-topup-%' and state = 1 order by id limit 1`,
    );
    await t.db
      .execute(sql`insert into fee_payment_tenders (cmp_id, payment_id, method, amount_money, created_at, updated_at)
      values (${p!.cmp_id}, ${p!.id}, 1, 60, (${today}::date - 1)::timestamp at time zone 'Asia/Shanghai' + interval '10 hours', now())`);
    expect((await t.api('/Job/Run', { Name: 'fee.reconcile' }, admin)).ret).toBe(0);
    const got = await alerts();
    expect(got.length).toBeGreaterThan(0);
    expect(got[0]!.title).toBe(`对账异常：${y.getUTCMonth() + 1}月${y.getUTCDate()}日 收费明细与收款单相差¥60.00`);
  });
});
