import { FeeBindingState, FeePayerType } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { anyId, idList } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';
import { onRoomHandedOver } from '../properties/room-events';
import { addHistoryCheck } from '../residents/resident-events';
import { handoverReadings } from './meter-readings.service';

/**
 * Where fees meet the other areas (issue 14 "seams"): room and resident delete refusals, the 房态图 arrears dot,
 * the SMS module's 欠费住户 target, RoomHandedOver, and the 工作台 figures of bills.
 */

/** A room with bills or bindings keeps its fee history: '该房间已有费用记录，不能删除'. */
export async function roomHasFees(tx: Tx, cmpId: number, roomId: number): Promise<boolean> {
  const [r] = await sqlRows<{ n: number }>(
    tx,
    sql`select (exists (select 1 from fee_bills where cmp_id = ${cmpId} and room_id = ${roomId})
      or exists (select 1 from fee_bindings where cmp_id = ${cmpId} and room_id = ${roomId})
      or exists (select 1 from fee_prepaid_accounts where cmp_id = ${cmpId} and room_id = ${roomId}))::int as n`,
  );
  return Number(r?.n ?? 0) > 0;
}

/** Rooms of a building with an unpaid bill past its due date (the red dot). */
export async function roomsInArrears(db: Tx, cmpId: number, buildingId: number, today: string): Promise<Set<number>> {
  const rows = await sqlRows<{ room_id: number }>(
    db,
    sql`select distinct room_id from fee_bills where cmp_id = ${cmpId} and building_id = ${buildingId}
      and state in (1, 2) and due_date < ${today}::date and room_id is not null`,
  );
  return new Set(rows.map((r) => Number(r.room_id)));
}

export interface ArrearsRoom {
  RoomId: number;
  CommunityId: number;
  RoomName: string;
  ArrearsMoney: string;
  Months: number;
}

/**
 * The rooms in arrears (past-due unpaid principal) of some communities, at least MinMoney and MinMonths (distinct
 * billing months owed): the SMS module's 欠费住户 target plugs this in.
 */
export async function arrearsRooms(
  db: Tx,
  cmpId: number,
  q: { CommunityIds: number[]; MinMoney?: string | undefined; MinMonths?: number | undefined },
  today: string,
): Promise<ArrearsRoom[]> {
  const rows = await sqlRows<{
    room_id: number;
    community_id: number;
    room_name: string;
    money: string;
    months: number;
  }>(
    db,
    sql`select b.room_id, b.community_id, max(b.payer_name) as room_name,
        sum(b.amount_money - b.discount_money - b.paid_money)::numeric(14,2)::text as money,
        count(distinct to_char(b.bill_date, 'YYYY-MM'))::int as months
      from fee_bills b
      where b.cmp_id = ${cmpId} and b.community_id = any(${idList(q.CommunityIds)}::int[]) and b.state in (1, 2)
        and b.due_date < ${today}::date and b.room_id is not null
      group by b.room_id, b.community_id
      having sum(b.amount_money - b.discount_money - b.paid_money) >= ${q.MinMoney ?? '0.01'}::numeric
        and count(distinct to_char(b.bill_date, 'YYYY-MM')) >= ${q.MinMonths ?? 1}
      order by b.room_id`,
  );
  return rows.map((r) => ({
    RoomId: Number(r.room_id),
    CommunityId: Number(r.community_id),
    RoomName: r.room_name,
    ArrearsMoney: r.money,
    Months: Number(r.months),
  }));
}

/** The bill figures of 工作台 for whoever holds 收费项目 or 收费台: this month's bills and the arrears. */
export async function feeDeskCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  if (!hasRole(auth, 'sfgl_jft') && !hasRole(auth, 'sfgl_sfxm')) return [];
  const { db } = deps.database;
  const today = todayIn(deps.now(), auth.timeZone);
  const scope = await communityIdsOf(db, auth);
  const [r] = await sqlRows<{ billed: string; n: number; arrears: string; rooms: number }>(
    db,
    sql`select coalesce(sum(amount_money - discount_money) filter (where to_char(bill_date, 'YYYY-MM') = ${today.slice(0, 7)} and state <> 4), 0)::numeric(14,2)::text as billed,
        count(*) filter (where to_char(bill_date, 'YYYY-MM') = ${today.slice(0, 7)} and state <> 4)::int as n,
        coalesce(sum(amount_money - discount_money - paid_money) filter (where state in (1, 2) and due_date < ${today}::date), 0)::numeric(14,2)::text as arrears,
        count(distinct room_id) filter (where state in (1, 2) and due_date < ${today}::date)::int as rooms
      from fee_bills where cmp_id = ${auth.cmpId} and ${anyId(sql`community_id`, scope)}`,
  );
  const path = hasRole(auth, 'sfgl_jft') ? '/chargemanage/paycost' : '/chargemanage/moyitem/itemlist';
  return [
    { Key: 'feeBilled', Title: '本月应收', Value: r?.billed ?? '0.00', Sub: `${r?.n ?? 0}笔账单`, Path: path },
    { Key: 'feeArrears', Title: '欠费总额', Value: r?.arrears ?? '0.00', Sub: `欠费房间 ${r?.rooms ?? 0}`, Path: path },
  ];
}

/** The resident's 缴费 tab: balance of his rooms' prepaid accounts, their arrears and the last payment. */
export async function residentFeeSummary(db: Tx, auth: Auth, residentId: number, today: string) {
  const rooms = sql`(select room_id from resident_rooms where cmp_id = ${auth.cmpId} and resident_id = ${residentId} and move_out_date is null)`;
  const [r] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select
      (select coalesce(sum(balance_money), 0)::numeric(14,2)::text from fee_prepaid_accounts where cmp_id = ${auth.cmpId} and room_id in ${rooms}) as balance,
      (select coalesce(sum(amount_money - discount_money - paid_money), 0)::numeric(14,2)::text from fee_bills
        where cmp_id = ${auth.cmpId} and room_id in ${rooms} and state in (1, 2) and due_date < ${today}::date) as arrears,
      (select coalesce(sum(amount_money - discount_money - paid_money), 0)::numeric(14,2)::text from fee_bills
        where cmp_id = ${auth.cmpId} and room_id in ${rooms} and state in (1, 2)) as unpaid,
      (select jsonb_build_object('ReceiptNo', receipt_no, 'PayTime', to_char(pay_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'),
          'PaidMoney', paid_money::text, 'RoomId', room_id)
        from fee_payments where cmp_id = ${auth.cmpId} and room_id in ${rooms} and state <> 2 order by pay_time desc limit 1) as last`,
  );
  return {
    BalanceMoney: (r?.balance as string) ?? '0.00',
    ArrearsMoney: (r?.arrears as string) ?? '0.00',
    UnpaidMoney: (r?.unpaid as string) ?? '0.00',
    LastPayment: (r?.last as Record<string, unknown> | null) ?? null,
  };
}

// A resident who paid at the counter (a payment of his room under his name) keeps his history: 迁出, not delete.
addHistoryCheck(async (tx, cmpId, residentId) => {
  const [r] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from fee_payments p
      join residents e on e.id = ${residentId} and e.cmp_id = ${cmpId}
      where p.cmp_id = ${cmpId} and p.payer_name = e.name
        and p.room_id in (select room_id from resident_rooms where cmp_id = ${cmpId} and resident_id = ${residentId})`,
  );
  return Number(r?.n ?? 0) > 0 ? '缴费记录' : false;
});

// RoomHandedOver: the readings become reading rows and the AutoBindOnHandover standards bind the room from the day.
onRoomHandedOver(async (tx, e) => {
  await handoverReadings(tx, {
    cmpId: e.cmpId,
    userId: e.userId,
    roomId: e.roomId,
    readings: e.readings,
    today: e.handoverDate,
    now: e.now,
  });
  await tx.execute(sql`insert into fee_bindings (cmp_id, standard_id, item_id, community_id, building_id, payer_type,
      payer_id, room_id, start_date, state, created_by, created_at, updated_at)
    select ${e.cmpId}, s.id, s.item_id, s.community_id, r.building_id, ${FeePayerType.Room}, r.id, r.id,
      ${e.handoverDate}::date, ${FeeBindingState.Active}, ${e.userId}, ${e.now}, ${e.now}
    from fee_standards s join rooms r on r.id = ${e.roomId} and r.cmp_id = ${e.cmpId}
    join fee_items i on i.id = s.item_id and i.payer_type = ${FeePayerType.Room} and i.is_enabled
    where s.cmp_id = ${e.cmpId} and s.community_id = ${e.communityId} and s.auto_bind_on_handover and s.is_enabled
      and not exists (select 1 from fee_bindings fb where fb.cmp_id = ${e.cmpId} and fb.item_id = s.item_id
        and fb.payer_type = 1 and fb.payer_id = r.id and fb.state = 1)
    on conflict do nothing`);
});
