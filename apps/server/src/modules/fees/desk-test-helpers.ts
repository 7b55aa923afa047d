import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';

/**
 * Test helpers of the cashier side (not a test file itself): an item with a standard in a demo community, and bills
 * of a room written as the generator would (with their 出账 journal rows), so the desk's tests do not depend on the
 * bill-run code.
 */
let seq = 0;

export async function roomOf(t: TestApp, fullName: string, community = '阳光花园') {
  const [r] = await sqlRows<{ id: number; cmp_id: number; community_id: number; building_id: number }>(
    t.db,
    sql`select r.id, r.cmp_id, r.community_id, r.building_id from rooms r join communities c on c.id = r.community_id
        where c.name = ${community} and r.full_name = ${fullName}`,
  );
  if (!r) throw new Error(`no room ${fullName}`);
  return r;
}

export async function standardIn(
  t: TestApp,
  room: { cmp_id: number; community_id: number },
  opts: { category?: number; lateFeeRate?: string; autoDeduct?: boolean; name?: string } = {},
) {
  seq += 1;
  const [item] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into fee_items (cmp_id, item_name, category, kind) values (${room.cmp_id}, ${opts.name ?? `测试物业费${seq}`},
        ${opts.category ?? 1}, 1) returning id`,
  );
  const [std] = await sqlRows<{ id: number }>(
    t.db,
    sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, unit_price, late_fee_rate,
        late_fee_unit, auto_deduct)
        values (${room.cmp_id}, ${item!.id}, ${room.community_id}, ${`标准${seq}`}, 1, 2.5, ${opts.lateFeeRate ?? '0'}, 1,
        ${opts.autoDeduct ?? false}) returning id`,
  );
  return { itemId: item!.id, standardId: std!.id };
}

/** A bill of the room for the period ('2026-03'), due on `due`, of `amount`; its 出账 journal row too. */
export async function billOf(
  t: TestApp,
  room: { id: number; cmp_id: number; community_id: number; building_id: number },
  std: { itemId: number; standardId: number },
  period: string,
  amount: string,
  due = `${period}-15`,
) {
  const [b] = await sqlRows<{ id: number }>(
    t.db,
    sql`with ins as (
          insert into fee_bills (cmp_id, community_id, building_id, room_id, payer_type, payer_id, payer_name, item_id,
            standard_id, period, period_start, period_end, bill_date, due_date, quantity, unit_price, amount_money, source)
          values (${room.cmp_id}, ${room.community_id}, ${room.building_id}, ${room.id}, 1, ${room.id}, '', ${std.itemId},
            ${std.standardId}, ${period}, ${`${period}-01`}::date, (${`${period}-01`}::date + interval '1 month - 1 day')::date,
            ${`${period}-01`}::date, ${due}::date, 1, ${amount}, ${amount}, 1)
          returning *),
        j as (insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date,
            event_type, amount_money)
          select cmp_id, id, community_id, building_id, room_id, item_id, to_char(bill_date, 'YYYY-MM'), due_date, 1,
            amount_money from ins)
        select id from ins`,
  );
  return b!.id;
}

export async function billRow(t: TestApp, id: number) {
  const [b] = await sqlRows<{ state: number; paid_money: string; discount_money: string; late_fee_paid_money: string }>(
    t.db,
    sql`select state, paid_money::text, discount_money::text, late_fee_paid_money::text from fee_bills where id = ${id}`,
  );
  return b!;
}

/** Σ of the bill's journal rows equals the bill (domain/fees.md "Each bill equals the sum of its rows"). */
export async function journalMatches(t: TestApp, id: number): Promise<boolean> {
  const [r] = await sqlRows<{ ok: boolean }>(
    t.db,
    sql`select (sum(j.amount_money) = max(b.amount_money) and sum(j.discount_money) = max(b.discount_money)
          and sum(j.paid_money) = max(b.paid_money) and sum(j.late_fee_money) = max(b.late_fee_paid_money)) as ok
        from fee_journal j join fee_bills b on b.id = j.bill_id where j.bill_id = ${id}`,
  );
  return !!r?.ok;
}

export const count = async (t: TestApp, table: string) => {
  const [r] = await sqlRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return r!.n;
};

let req = 0;
export const requestId = () => `test-${Date.now()}-${(req += 1)}`;
