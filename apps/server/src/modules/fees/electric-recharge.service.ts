import {
  decDiv,
  decText,
  FEE_METER_RECHARGE_STATE,
  FeeMeterRechargeState,
  feeName,
  type ElectricRechargeListBody,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { anyId, likeText } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * 电表充值 (domain/fees.md "电表充值 electric"): prepaid electric meters with their price and estimated balance, and
 * the top-ups (a Pay with a LineType 3 line, see pay.ts) that staff then confirm as written to the meter.
 */

/** 低余额: an estimated balance under 20 元. */
export const LOW_BALANCE_MONEY = '20';

const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** 电价: the unit price of the room's active 电费 (category 3) 用量×单价 standard; null when it has none. */
export const electricPriceSql = (cmpId: number, roomId: SQL) => sql`(select s.unit_price from fee_bindings fb
    join fee_items i on i.id = fb.item_id join fee_standards s on s.id = fb.standard_id
    where fb.cmp_id = ${cmpId} and fb.payer_type = 1 and fb.payer_id = ${roomId} and fb.state = 1
      and i.category = 3 and s.price_method = 4 and s.unit_price > 0
    order by fb.id limit 1)`;

/**
 * 估算余额 = Σ written top-ups − (LastReading − reading at the first written top-up) × Multiplier × 电价. The reading
 * at that top-up is the newest reading read on or before its day, else the base of the first reading after it, else
 * the meter's LastReading (no reading since: no known use).
 */
function meterSelect(auth: Auth, where: SQL) {
  const tz = auth.timeZone;
  return sql`with base as (
      select m.id, m.meter_no, m.community_id, c.name as community_name, coalesce(m.room_id, 0) as room_id,
        coalesce(r.full_name, '') as room_name, coalesce(o.name, '') as owner_name, m.multiplier, m.last_reading,
        m.last_read_time, ${electricPriceSql(auth.cmpId, sql`m.room_id`)} as price,
        w.written, w.first_day, lr.amount_money as last_money, lr.created_at as last_time, lr.state as last_state,
        coalesce(
          (select x.curr_reading from fee_meter_readings x where x.meter_id = m.id and x.state <> 4
             and x.read_date <= w.first_day order by x.read_date desc, x.id desc limit 1),
          (select x.prev_reading from fee_meter_readings x where x.meter_id = m.id and x.state <> 4
             and x.read_date > w.first_day order by x.read_date, x.id limit 1),
          m.last_reading) as start_reading
      from meters m
      join communities c on c.id = m.community_id
      left join rooms r on r.id = m.room_id
      left join residents o on o.id = r.owner_resident_id
      left join lateral (select sum(x.amount_money) as written, min((x.created_at at time zone ${tz})::date) as first_day
          from fee_meter_recharges x where x.meter_id = m.id and x.state = ${FeeMeterRechargeState.Written}) w on true
      left join lateral (select x.amount_money, x.created_at, x.state from fee_meter_recharges x
          where x.meter_id = m.id and x.state <> ${FeeMeterRechargeState.Refunded} order by x.id desc limit 1) lr on true
      where ${where}
    ), est as (
      select base.*, case when price is null then null
        else round(coalesce(written, 0) - greatest(last_reading - start_reading, 0) * multiplier * price, 2) end as balance
      from base
    )`;
}

export async function meterWhere(
  db: Tx,
  auth: Auth,
  f: { CommunityId?: number | undefined; BuildingId?: number | undefined; Keyword?: string | undefined },
) {
  const c: SQL[] = [
    sql`m.cmp_id = ${auth.cmpId}`,
    sql`m.meter_type = 2`,
    sql`m.is_prepaid`,
    anyId(sql`m.community_id`, await communityIdsOf(db, auth)),
  ];
  if (f.CommunityId) c.push(sql`m.community_id = ${f.CommunityId}`);
  if (f.BuildingId) c.push(sql`r.building_id = ${f.BuildingId}`);
  if (f.Keyword) {
    const kw = likeText(f.Keyword);
    c.push(sql`(m.meter_no ilike ${kw} or r.full_name ilike ${kw} or o.name ilike ${kw})`);
  }
  return sql.join(c, sql` and `);
}

export async function meterList(
  db: Tx,
  auth: Auth,
  f: Parameters<typeof meterWhere>[2] & { LowBalance?: boolean },
  page?: { limit: number; offset: number },
) {
  const head = meterSelect(auth, await meterWhere(db, auth, f));
  const low = f.LowBalance ? sql`where balance < ${LOW_BALANCE_MONEY}::numeric` : sql``;
  const tz = auth.timeZone;
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`${head} select id, meter_no, community_id, community_name, room_id, room_name, owner_name,
        multiplier::text, last_reading::text, price::text, balance::text, coalesce(written, 0)::text as written,
        last_money::text, last_state, ${time(sql`last_time`, tz)} as last_time, ${time(sql`last_read_time`, tz)} as last_read
      from est ${low} order by room_name, meter_no, id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  const [n] = page
    ? await sqlRows<{ n: number }>(db, sql`${head} select count(*)::int as n from est ${low}`)
    : [{ n: rows.length }];
  return {
    count: Number(n?.n ?? 0),
    rows: rows.map((r) => ({
      Id: Number(r.id),
      MeterId: Number(r.id),
      MeterNo: r.meter_no as string,
      CommunityId: Number(r.community_id),
      CommunityName: r.community_name as string,
      RoomId: Number(r.room_id),
      RoomName: r.room_name as string,
      OwnerName: r.owner_name as string,
      Multiplier: r.multiplier as string,
      LastReading: r.last_reading as string,
      LastReadTime: (r.last_read as string | null) ?? '',
      UnitPrice: (r.price as string | null) ?? '',
      WrittenMoney: r.written as string,
      LastRechargeMoney: (r.last_money as string | null) ?? '',
      LastRechargeTime: (r.last_time as string | null) ?? '',
      LastRechargeState: Number(r.last_state ?? 0),
      LastRechargeStateName: feeName(FEE_METER_RECHARGE_STATE, Number(r.last_state ?? 0)),
      EstimatedBalanceMoney: (r.balance as string | null) ?? '',
      LowBalance: r.balance !== null && Number(r.balance) < Number(LOW_BALANCE_MONEY),
    })),
  };
}

export interface RechargeTarget {
  meterId: number;
  communityId: number;
  roomId: number;
  unitPrice: string;
}

/** The meter a top-up goes to: the caller's company and community, prepaid, electric, in use, with a price. */
export async function rechargeTarget(db: Tx, auth: Auth, meterId: number): Promise<RechargeTarget> {
  const [m] = await sqlRows<{
    id: number;
    community_id: number;
    room_id: number | null;
    meter_type: number;
    is_prepaid: boolean;
    status: number;
    price: string | null;
  }>(
    db,
    sql`select m.id, m.community_id, m.room_id, m.meter_type, m.is_prepaid, m.status,
        ${electricPriceSql(auth.cmpId, sql`m.room_id`)}::text as price
      from meters m where m.id = ${meterId} and m.cmp_id = ${auth.cmpId}`,
  );
  if (!m || !(await communityIdsOf(db, auth)).includes(m.community_id)) throw notFound('电表不存在');
  if (m.meter_type !== 2 || !m.is_prepaid) throw fail('该表不是预付费电表');
  if (m.status !== 1) throw fail('该电表已停用');
  if (!m.room_id) throw fail('该电表未绑定房间');
  if (!m.price) throw fail('该房间未绑定电费标准，无法充值');
  return { meterId: m.id, communityId: m.community_id, roomId: m.room_id, unitPrice: m.price };
}

/** 度数 = 金额 ÷ 电价, 2 decimals, rounded down (the meter never gets more than was paid for). */
export const kwhOf = (amount: string, unitPrice: string) => decText(decDiv(amount, unitPrice, 2, 3), 2);

/** 写表确认: 待写表 or 写表失败 → 已写表, or → 写表失败 with the reason. */
export async function confirmRecharge(
  tx: Tx,
  auth: Auth,
  b: { Id: number; Ok: boolean; FailReason?: string | undefined },
  now: Date,
) {
  const [r] = await sqlRows<{ id: number; community_id: number; state: number }>(
    tx,
    sql`select id, community_id, state from fee_meter_recharges where id = ${b.Id} and cmp_id = ${auth.cmpId} for update`,
  );
  if (!r || !(await communityIdsOf(tx, auth)).includes(r.community_id)) throw notFound('充值记录不存在');
  if (r.state === FeeMeterRechargeState.Written) throw fail('该充值已写表，不能重复确认');
  if (r.state === FeeMeterRechargeState.Refunded) throw fail('该充值已退款，不能写表');
  const state = b.Ok ? FeeMeterRechargeState.Written : FeeMeterRechargeState.Failed;
  const reason = b.Ok ? '' : (b.FailReason ?? '').trim();
  await tx.execute(sql`update fee_meter_recharges set state = ${state}, fail_reason = ${reason},
      confirmed_by = ${auth.userId}, confirmed_at = ${now}, updated_at = ${now}
    where id = ${r.id} and cmp_id = ${auth.cmpId}`);
  await tx.execute(sql`insert into fee_audit_logs (cmp_id, action, entity, entity_id, before, after, reason, user_id,
      created_by, created_at, updated_at)
    values (${auth.cmpId}, 'meter_recharge.confirm', 'fee_meter_recharges', ${r.id},
      ${JSON.stringify({ State: r.state })}::jsonb, ${JSON.stringify({ State: state })}::jsonb, ${reason},
      ${auth.userId}, ${auth.userId}, ${now}, ${now})`);
  return { Id: r.id, State: state, StateName: feeName(FEE_METER_RECHARGE_STATE, state) };
}

export async function rechargeWhere(db: Tx, auth: Auth, f: ElectricRechargeListBody) {
  const tz = auth.timeZone;
  const c: SQL[] = [sql`x.cmp_id = ${auth.cmpId}`, anyId(sql`x.community_id`, await communityIdsOf(db, auth))];
  if (f.CommunityId) c.push(sql`x.community_id = ${f.CommunityId}`);
  if (f.MeterId) c.push(sql`x.meter_id = ${f.MeterId}`);
  if (f.State) c.push(sql`x.state = ${f.State}`);
  if (f.DateFrom) c.push(sql`x.created_at >= (${f.DateFrom}::date::timestamp at time zone ${tz})`);
  if (f.DateTo) c.push(sql`x.created_at < ((${f.DateTo}::date + 1)::timestamp at time zone ${tz})`);
  if (f.Keyword) {
    const kw = likeText(f.Keyword);
    c.push(sql`(m.meter_no ilike ${kw} or r.full_name ilike ${kw} or p.receipt_no ilike ${kw})`);
  }
  return sql.join(c, sql` and `);
}

const RECHARGE_FROM = sql`from fee_meter_recharges x join meters m on m.id = x.meter_id
  left join rooms r on r.id = x.room_id left join fee_payments p on p.id = x.payment_id
  left join users u on u.id = x.created_by left join users cu on cu.id = x.confirmed_by`;

export async function rechargeList(
  db: Tx,
  auth: Auth,
  f: ElectricRechargeListBody,
  page?: { limit: number; offset: number },
) {
  const where = await rechargeWhere(db, auth, f);
  const tz = auth.timeZone;
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.id, x.meter_id, m.meter_no, x.community_id, coalesce(x.room_id, 0) as room_id,
        coalesce(r.full_name, '') as room_name, coalesce(x.payment_id, 0) as payment_id,
        coalesce(p.receipt_no, '') as receipt_no, x.amount_money::text as amount, x.unit_price::text as price,
        x.kwh::text as kwh, x.state, x.fail_reason, coalesce(u.name, '') as creator,
        coalesce(cu.name, '') as confirmer, ${time(sql`x.created_at`, tz)} as created,
        coalesce(${time(sql`x.confirmed_at`, tz)}, '') as confirmed
      ${RECHARGE_FROM} where ${where} order by x.id desc
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  const [n] = page
    ? await sqlRows<{ n: number; s: string }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(x.amount_money), 0)::text as s ${RECHARGE_FROM} where ${where}`,
      )
    : [{ n: rows.length, s: '' }];
  return {
    count: Number(n?.n ?? 0),
    amount: n?.s ?? '0.00',
    rows: rows.map((r) => ({
      Id: Number(r.id),
      MeterId: Number(r.meter_id),
      MeterNo: r.meter_no as string,
      CommunityId: Number(r.community_id),
      RoomId: Number(r.room_id),
      RoomName: r.room_name as string,
      PaymentId: Number(r.payment_id),
      ReceiptNo: r.receipt_no as string,
      AmountMoney: r.amount as string,
      UnitPrice: r.price as string,
      Kwh: r.kwh as string,
      State: Number(r.state),
      StateName: feeName(FEE_METER_RECHARGE_STATE, Number(r.state)),
      FailReason: r.fail_reason as string,
      CreatorName: r.creator as string,
      CreateTime: r.created as string,
      ConfirmerName: r.confirmer as string,
      ConfirmTime: r.confirmed as string,
    })),
  };
}
