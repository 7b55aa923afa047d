import { FEE_PREPAID_TXN_TYPE, PrepaidAccountListBody, PrepaidTxnListBody, feeName } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { call, defineCalls, Page } from '../../core/calls';
import { likeText } from '../../core/filters';
import { pageOf } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';

const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** 预存款 (sfgl_yckgl): the accounts with their totals, and each account's 流水. 充值 is /Prepaid/TopUp (a payment). */
export const prepaidCalls = defineCalls(
  call({
    path: '/Prepaid/AccountList',
    role: 'sfgl_yckgl',
    reads: true,
    body: PrepaidAccountListBody,
    handler: async (b, { auth, deps }) => {
      const db = deps.database.db;
      const ids = await communityIdsOf(db, auth);
      const where: SQL[] = [sql`a.cmp_id = ${auth.cmpId}`, sql`a.community_id = any(${`{${ids.join(',')}}`}::int[])`];
      if (b.CommunityId) where.push(sql`a.community_id = ${b.CommunityId}`);
      if (b.BuildingId) where.push(sql`r.building_id = ${b.BuildingId}`);
      if (b.RoomId) where.push(sql`a.room_id = ${b.RoomId}`);
      if (b.ItemId !== undefined) where.push(b.ItemId === 0 ? sql`a.item_id is null` : sql`a.item_id = ${b.ItemId}`);
      if (b.Keyword) {
        const kw = likeText(b.Keyword);
        where.push(sql`(r.full_name ilike ${kw} or o.name ilike ${kw} or o.mobile ilike ${kw})`);
      }
      const w = sql.join(where, sql` and `);
      const from = sql`from fee_prepaid_accounts a join rooms r on r.id = a.room_id
        left join residents o on o.id = r.owner_resident_id left join fee_items i on i.id = a.item_id`;
      const { limit, offset } = pageOf(b);
      const rows = await sqlRows(
        db,
        sql`select a.id as "Id", a.room_id as "RoomId", r.full_name as "RoomName", a.community_id as "CommunityId",
              coalesce(o.name, '') as "OwnerName", coalesce(a.item_id, 0) as "ItemId",
              coalesce(i.item_name, '通用') as "ItemName", a.balance_money::text as "BalanceMoney",
              coalesce((select sum(x.amount_money) from fee_prepaid_txns x where x.account_id = a.id and x.txn_type in (1, 2)), 0)::text as "TopUpMoney",
              coalesce((select -sum(x.amount_money) from fee_prepaid_txns x where x.account_id = a.id and x.txn_type = 3), 0)::text as "DeductMoney",
              coalesce(${time(sql`a.last_txn_time`, auth.timeZone)}, '') as "LastTxnTime"
            ${from} where ${w} order by r.full_name, a.item_id nulls first limit ${limit} offset ${offset}`,
      );
      const [c] = await sqlRows<{ n: number; s: string }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(a.balance_money), 0)::text as s ${from} where ${w}`,
      );
      return new Page(rows, c?.n ?? 0, { BalanceMoney: c?.s ?? '0.00' });
    },
  }),
  call({
    path: '/Prepaid/TxnList',
    role: 'sfgl_yckgl',
    reads: true,
    body: PrepaidTxnListBody,
    handler: async (b, { auth, deps }) => {
      const db = deps.database.db;
      const ids = await communityIdsOf(db, auth);
      const tz = auth.timeZone;
      const where: SQL[] = [sql`x.cmp_id = ${auth.cmpId}`, sql`a.community_id = any(${`{${ids.join(',')}}`}::int[])`];
      if (b.AccountId) where.push(sql`x.account_id = ${b.AccountId}`);
      if (b.RoomId) where.push(sql`a.room_id = ${b.RoomId}`);
      if (b.TxnType) where.push(sql`x.txn_type = ${b.TxnType}`);
      if (b.DateFrom) where.push(sql`x.created_at >= (${b.DateFrom}::date::timestamp at time zone ${tz})`);
      if (b.DateTo) where.push(sql`x.created_at < ((${b.DateTo}::date + 1)::timestamp at time zone ${tz})`);
      const w = sql.join(where, sql` and `);
      const from = sql`from fee_prepaid_txns x join fee_prepaid_accounts a on a.id = x.account_id
        join rooms r on r.id = a.room_id left join fee_items i on i.id = a.item_id
        left join fee_payments p on p.id = x.payment_id left join fee_reversals v on v.id = x.reversal_id`;
      const { limit, offset } = pageOf(b);
      const rows = await sqlRows<{ TxnType: number }>(
        db,
        sql`select x.id as "Id", x.account_id as "AccountId", a.room_id as "RoomId", r.full_name as "RoomName",
              coalesce(i.item_name, '通用') as "ItemName", x.txn_type as "TxnType", x.amount_money::text as "AmountMoney",
              x.balance_after_money::text as "BalanceAfterMoney", coalesce(x.payment_id, 0) as "PaymentId",
              coalesce(x.bill_id, 0) as "BillId", coalesce(nullif(v.refund_no, ''), p.receipt_no, '') as "ReceiptNo",
              x.remark as "Remark", ${time(sql`x.created_at`, tz)} as "CreateTime"
            ${from} where ${w} order by x.id desc limit ${limit} offset ${offset}`,
      );
      const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${w}`);
      return new Page(
        rows.map((r) => ({ ...r, TxnTypeName: feeName(FEE_PREPAID_TXN_TYPE, r.TxnType) })),
        c?.n ?? 0,
      );
    },
  }),
);
