import { FEE_PAYER_TYPE, FeeBillState, FeeBindingState, FeeJournalEvent, FeePayerType } from '@linli/shared';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { anyId, idList } from '../../core/filters';
import { assertCommunity } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { feeBills, feeBindings, feeItems } from '../../db/schema';
import { appendJournal } from './journal';
import { type GenStandard, loadStandard } from './generator';

export interface BindInput {
  StandardId: number;
  PayerType: number;
  PayerIds: number[];
  BuildingIds: number[];
  StartDate: string;
}

export interface BindResult {
  Bound: number;
  Skipped: number;
  Conflicts: { PayerId: number; PayerName: string; Reason: string }[];
}

/** A standard the caller may bind: his company's, in a community he serves, enabled. */
export async function bindableStandard(tx: Tx, auth: Auth, id: number): Promise<GenStandard> {
  const s = await loadStandard(tx, auth.cmpId, id);
  if (!s) throw notFound('收费标准不存在');
  await assertCommunity(tx, auth, s.communityId);
  if (!s.isEnabled) throw fail('该收费标准已停用');
  return s;
}

/**
 * FeeBinding/Bind: one active standard per item per payer. Payers already on this standard are skipped; payers on
 * another standard of the same item are listed as conflicts and left alone; the rest are bound in one statement.
 * Rooms come from PayerIds or from whole buildings, spaces and vehicles from PayerIds, always rows of the caller's
 * company in the standard's community (other ids are not bound).
 */
export async function bindPayers(tx: Tx, auth: Auth, b: BindInput, now: Date): Promise<BindResult> {
  const s = await bindableStandard(tx, auth, b.StandardId);
  const [item] = await tx.select({ payerType: feeItems.payerType }).from(feeItems).where(eq(feeItems.id, s.itemId));
  if (item && item.payerType !== b.PayerType)
    throw fail(`该收费项目的缴费对象为${FEE_PAYER_TYPE[item.payerType] ?? ''}`);
  const rooms = b.PayerType === FeePayerType.Room;
  if (!rooms && b.BuildingIds.length) throw fail('按楼栋绑定只适用于房屋');
  const targets = rooms
    ? sql`select r.id as payer_id, r.id as room_id, r.building_id, r.full_name as payer_name from rooms r
        where r.cmp_id = ${auth.cmpId} and r.community_id = ${s.communityId}
          and (r.id = any(${idList(b.PayerIds)}::int[]) or r.building_id = any(${idList(b.BuildingIds)}::int[]))`
    : b.PayerType === FeePayerType.Space
      ? sql`select sp.id as payer_id, sp.room_id, null::int as building_id,
            (l.name || '-' || sp.space_no)::text as payer_name
          from parking_spaces sp join parking_lots l on l.id = sp.lot_id
          where sp.cmp_id = ${auth.cmpId} and sp.community_id = ${s.communityId} and sp.id = any(${idList(b.PayerIds)}::int[])`
      : b.PayerType === FeePayerType.Vehicle
        ? sql`select v.id as payer_id, v.room_id, null::int as building_id, v.plate::text as payer_name
            from vehicles v where v.cmp_id = ${auth.cmpId} and v.community_id = ${s.communityId}
              and v.id = any(${idList(b.PayerIds)}::int[])`
        : sql`select x as payer_id, null::int as room_id, null::int as building_id, ''::text as payer_name
            from unnest(${idList(b.PayerIds)}::int[]) as x where x > 0`;
  const [r] = await sqlRows<{ bound: number; skipped: number; conflicts: BindResult['Conflicts'] | null }>(
    tx,
    sql`with t as (${targets}),
      cur as (
        select fb.payer_id, fb.standard_id, s.standard_name from ${feeBindings} fb
        join fee_standards s on s.id = fb.standard_id
        where fb.cmp_id = ${auth.cmpId} and fb.item_id = ${s.itemId} and fb.payer_type = ${b.PayerType}
          and fb.state = ${FeeBindingState.Active} and fb.payer_id in (select payer_id from t)
      ),
      ins as (
        insert into ${feeBindings} (cmp_id, standard_id, item_id, community_id, building_id, payer_type, payer_id,
          room_id, start_date, state, created_by, created_at, updated_at)
        select ${auth.cmpId}, ${s.id}, ${s.itemId}, ${s.communityId}, t.building_id, ${b.PayerType}, t.payer_id,
          t.room_id, ${b.StartDate}::date, ${FeeBindingState.Active}, ${auth.userId}, ${now}, ${now}
        from t where not exists (select 1 from cur where cur.payer_id = t.payer_id)
        on conflict (cmp_id, item_id, payer_type, payer_id) where state = 1 do nothing
        returning payer_id
      )
      select (select count(*)::int from ins) as bound,
        (select count(*)::int from cur where cur.standard_id = ${s.id}) as skipped,
        (select jsonb_agg(jsonb_build_object('PayerId', cur.payer_id, 'PayerName', t.payer_name,
            'Reason', t.payer_name || '已绑定同项目标准“' || cur.standard_name || '”') order by t.payer_name)
          from cur join t on t.payer_id = cur.payer_id where cur.standard_id <> ${s.id}) as conflicts`,
  );
  const result = { Bound: Number(r?.bound ?? 0), Skipped: Number(r?.skipped ?? 0), Conflicts: r?.conflicts ?? [] };
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'fee_binding.bind',
      entity: 'fee_standard',
      entityId: s.id,
      detail: { Bound: result.Bound, Skipped: result.Skipped, Conflicts: result.Conflicts.length },
    },
    now,
  );
  return result;
}

/**
 * FeeBinding/Unbind: sets EndDate and 已解绑, and cancels the payers' unpaid, untouched bills of that standard whose
 * period starts after EndDate (a 取消 journal row each).
 */
export async function unbind(tx: Tx, auth: Auth, ids: number[], endDate: string, now: Date) {
  const rows = await sqlRows<{
    id: number;
    standard_id: number;
    payer_type: number;
    payer_id: number;
    start_date: string;
  }>(
    tx,
    sql`select fb.id, fb.standard_id, fb.payer_type, fb.payer_id, to_char(fb.start_date, 'YYYY-MM-DD') as start_date
      from ${feeBindings} fb
      where fb.cmp_id = ${auth.cmpId} and ${anyId(sql`fb.id`, ids)} and fb.state = ${FeeBindingState.Active}
        and fb.community_id in (select id from communities where cmp_id = ${auth.cmpId})
      for update`,
  );
  for (const r of rows) await assertCommunityOf(tx, auth, r.id);
  if (rows.length !== new Set(ids).size) throw notFound('绑定记录不存在或已解绑');
  if (rows.some((r) => r.start_date > endDate)) throw fail('结束日期不能早于开始日期');
  await tx
    .update(feeBindings)
    .set({ state: FeeBindingState.Unbound, endDate, updatedAt: now })
    .where(and(eq(feeBindings.cmpId, auth.cmpId), anyId(feeBindings.id, ids)));
  const cancelled = await sqlRows<{ id: number; amount_money: string; discount_money: string }>(
    tx,
    sql`update ${feeBills} b set state = ${FeeBillState.Cancelled}, updated_at = ${now}
      from ${feeBindings} fb
      where fb.cmp_id = ${auth.cmpId} and ${anyId(sql`fb.id`, ids)}
        and b.cmp_id = ${auth.cmpId} and b.standard_id = fb.standard_id and b.payer_type = fb.payer_type
        and b.payer_id = fb.payer_id and b.period_start > ${endDate}::date and b.state = ${FeeBillState.Unpaid}
        and b.paid_money = 0 and b.late_fee_paid_money = 0
      returning b.id, b.amount_money::text, b.discount_money::text`,
  );
  await appendJournal(
    tx,
    { cmpId: auth.cmpId, userId: auth.userId, at: now },
    cancelled.map((c) => ({
      BillId: Number(c.id),
      EventType: FeeJournalEvent.Cancelled,
      AmountMoney: neg(c.amount_money),
      DiscountMoney: neg(c.discount_money),
    })),
  );
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'fee_binding.unbind',
      entity: 'fee_binding',
      detail: { Ids: ids, EndDate: endDate, CancelledBills: cancelled.length },
    },
    now,
  );
  return { Unbound: rows.length, CancelledBills: cancelled.length };
}

async function assertCommunityOf(tx: Tx, auth: Auth, bindingId: number) {
  const [b] = await tx
    .select({ communityId: feeBindings.communityId })
    .from(feeBindings)
    .where(and(eq(feeBindings.id, bindingId), eq(feeBindings.cmpId, auth.cmpId)));
  if (!b) throw notFound();
  await assertCommunity(tx, auth, b.communityId);
}

/** '12.30' → '-12.30' (text, exact). */
export const neg = (money: string) =>
  money.startsWith('-') ? money.slice(1) : /^0(\.0+)?$/.test(money) ? money : `-${money}`;
