import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { smsSigns, smsTemplates } from '../../db/schema';
import { sqlRows } from '../../core/sql-rows';

/** Test helpers of the SMS area (not a test file itself). */
export async function demoIds(t: TestApp) {
  const [sign] = await t.db.select({ id: smsSigns.id }).from(smsSigns).where(eq(smsSigns.name, '邻里物业'));
  const tpl = async (name: string) =>
    (await t.db.select({ id: smsTemplates.id }).from(smsTemplates).where(eq(smsTemplates.name, name)))[0]!.id;
  return {
    sign: sign!.id,
    notice: await tpl('缴费通知'),
    water: await tpl('停水通知'),
    arrears: await tpl('欠费催缴'),
  };
}

export const target = (t: Record<string, unknown>) => ({
  CommunityIds: [],
  BuildingIds: [],
  UnitIds: [],
  TagIds: [],
  Roles: [],
  Phones: [],
  ...t,
});

export async function balanceOf(t: TestApp, cmpId?: number): Promise<number> {
  const [r] = await sqlRows<{ balance: number }>(
    t.db,
    cmpId
      ? sql`select balance from sms_accounts where cmp_id = ${cmpId}`
      : sql`select a.balance from sms_accounts a join companies c on c.id = a.cmp_id where c.name = '邻里物业'`,
  );
  return r?.balance ?? 0;
}

export const setBalance = (t: TestApp, n: number) =>
  t.db.execute(
    sql`update sms_accounts set balance = ${n} where cmp_id = (select id from companies where name = '邻里物业')`,
  );

export const counts = async (t: TestApp) =>
  (
    await sqlRows<{ b: number; r: number; l: number; j: number }>(
      t.db,
      sql`select (select count(*)::int from sms_batches) as b, (select count(*)::int from sms_records) as r,
        (select count(*)::int from sms_balance_logs) as l, (select count(*)::int from jobs where name like 'sms.%') as j`,
    )
  )[0]!;

export const approve = (t: TestApp, id: number, state: number) =>
  t.db
    .update(smsTemplates)
    .set({ state })
    .where(and(eq(smsTemplates.id, id)));
