import { FEE_PAYMENT_SOURCE, FEE_PREPAID_TXN_TYPE } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dateFields, type DateWindow, pageFields, resolveDates, scopeFields, zOptCode, zOptId } from './filters';
import {
  money,
  prepaidClosingMoney,
  prepaidDeductMoney,
  prepaidFrom,
  prepaidOpeningMoney,
  prepaidRefundMoney,
  prepaidReverseMoney,
  prepaidScope,
  prepaidTopUpMoney,
  within,
} from './measures';
import { methodText, nameOf, timeText } from './places';
import type { ReportDef } from './report-kit';

/**
 * The 预存款 reports over FeePrepaidTxn: 预存明细表 (money in and out: 充值, 多收转入, 退款 and the 冲正 of a top-up),
 * 预存抵扣明细表 (抵扣 and the 冲正 that gives a deduction back) and 预存款汇总表 (期初 + 充值 − 抵扣 − 退款 + 冲正 = 期末).
 * 预存明细 sums to the cash measure 预存充值 and 抵扣明细 to 预存抵扣 over the same window.
 */

interface DateFilters {
  dates: DateWindow;
}
const txnPlace = sql`join communities c on c.id = a.community_id
  left join rooms r on r.id = a.room_id
  left join residents o on o.id = r.owner_resident_id
  left join fee_items ai on ai.id = a.item_id
  left join fee_payments p on p.id = x.payment_id
  left join fee_reversals rv on rv.id = x.reversal_id`;
const txnCommon = (tz: string) => sql`x.id as "TxnId", ${timeText(sql`x.created_at`, tz)} as "EventTime",
  coalesce(nullif(rv.refund_no, ''), p.receipt_no, '') as "ReceiptNo", a.community_id as "CommunityId",
  c.name as "CommunityName", a.room_id as "RoomId", coalesce(r.full_name, '') as "RoomName",
  coalesce(o.name, '') as "OwnerName", a.id as "AccountId", coalesce(a.item_id, 0) as "ItemId",
  coalesce(ai.item_name, '通用') as "AccountName", x.txn_type as "TxnType",
  ${nameOf(FEE_PREPAID_TXN_TYPE, sql`x.txn_type`)} as "TxnTypeName", x.balance_after_money::text as "BalanceAfterMoney"`;

/**
 * One account (AccountId) or one room's accounts (RoomId): how a 预存款汇总表 row by 账户 or by 房屋 opens 预存明细表
 * and 预存抵扣明细表 on its own money.
 */
const accountFields = { AccountId: zOptId(), RoomId: zOptId() };
const accountConds = (b: { AccountId?: number | undefined; RoomId?: number | undefined }): SQL[] => [
  ...(b.AccountId ? [sql`x.account_id = ${b.AccountId}`] : []),
  ...(b.RoomId ? [sql`a.room_id = ${b.RoomId}`] : []),
];

const YcmxBody = z.object({
  ...scopeFields,
  ...dateFields,
  ...pageFields,
  TxnType: zOptCode(1, 5, '类型不正确'),
  ...accountFields,
});
export const yckYcmx: ReportDef<typeof YcmxBody, DateFilters> = {
  name: 'YckYcmx',
  title: '预存明细表',
  body: YcmxBody,
  paged: true,
  resolve: (b, s) => ({ dates: resolveDates(b, s) }),
  rows: ({ body: b, filters: f, scope }) => {
    const where: SQL[] = [
      prepaidScope(scope),
      within(sql`x.created_at`, f.dates),
      sql`(x.txn_type in (1, 2, 4) or (x.txn_type = 5 and x.amount_money < 0))`,
    ];
    if (b.TxnType) where.push(sql`x.txn_type = ${b.TxnType}`);
    where.push(...accountConds(b));
    return sql`select ${txnCommon(scope.tz)}, ${money(sql`x.amount_money`)} as "AmountMoney",
        ${methodText(sql`case when x.reversal_id is not null then t2.reversal_id = x.reversal_id
          else t2.payment_id = x.payment_id and t2.method <> 6 end`)} as "MethodText",
        coalesce((select u.name from users u where u.id = x.created_by), '') as "OperatorName"
      from ${prepaidFrom} ${txnPlace} where ${sql.join(where, sql` and `)}`;
  },
  order: sql`r."TxnId" desc`,
  columns: [
    { key: 'EventTime', title: '时间', width: 20 },
    { key: 'ReceiptNo', title: '收据号/退款号', width: 16 },
    { key: 'CommunityName', title: '小区' },
    { key: 'RoomName', title: '房号', width: 18 },
    { key: 'OwnerName', title: '业主' },
    { key: 'AccountName', title: '账户' },
    { key: 'TxnTypeName', title: '类型' },
    { key: 'AmountMoney', title: '金额' },
    { key: 'MethodText', title: '方式', width: 20 },
    { key: 'OperatorName', title: '操作人' },
    { key: 'BalanceAfterMoney', title: '变动后余额', kind: 'num' },
  ],
};

const DkmxBody = z.object({
  ...scopeFields,
  ...dateFields,
  ...pageFields,
  Source: zOptCode(1, 3, '来源不正确'),
  ...accountFields,
});
export const yckDkmx: ReportDef<typeof DkmxBody, DateFilters> = {
  name: 'YckDkmx',
  title: '预存抵扣明细表',
  body: DkmxBody,
  paged: true,
  resolve: (b, s) => ({ dates: resolveDates(b, s) }),
  rows: ({ body: b, filters: f, scope }) => {
    const where: SQL[] = [
      prepaidScope(scope),
      within(sql`x.created_at`, f.dates),
      sql`(x.txn_type = 3 or (x.txn_type = 5 and x.amount_money > 0))`,
    ];
    if (b.Source) where.push(sql`p.source = ${b.Source}`);
    where.push(...accountConds(b));
    return sql`select ${txnCommon(scope.tz)}, ${money(sql`-x.amount_money`)} as "DeductMoney",
        coalesce(bi.item_name, '') as "ItemName", coalesce(bb.period, '') as "Period",
        coalesce(p.source, 1) as "Source", ${nameOf(FEE_PAYMENT_SOURCE, sql`coalesce(p.source, 1)`)} as "SourceName"
      from ${prepaidFrom} ${txnPlace}
      left join fee_bills bb on bb.id = x.bill_id left join fee_items bi on bi.id = bb.item_id
      where ${sql.join(where, sql` and `)}`;
  },
  order: sql`r."TxnId" desc`,
  columns: [
    { key: 'EventTime', title: '时间', width: 20 },
    { key: 'RoomName', title: '房号', width: 18 },
    { key: 'OwnerName', title: '业主' },
    { key: 'AccountName', title: '账户' },
    { key: 'ItemName', title: '项目' },
    { key: 'Period', title: '账期' },
    { key: 'DeductMoney', title: '抵扣金额' },
    { key: 'ReceiptNo', title: '收据号', width: 16 },
    { key: 'SourceName', title: '来源' },
    { key: 'BalanceAfterMoney', title: '变动后余额', kind: 'num' },
  ],
};

/** GroupBy 6 账户 (default), 5 房屋, 2 楼栋, 1 小区. */
const HZ_GROUPS: Record<number, { key: SQL; name: SQL; fields: SQL }> = {
  6: {
    key: sql`a.id`,
    name: sql`max(coalesce(r.full_name, '')) || ' ' || max(coalesce(ai.item_name, '通用'))`,
    fields: sql`a.id as "AccountId", max(a.room_id) as "RoomId", max(coalesce(r.full_name, '')) as "RoomName",
      max(coalesce(o.name, '')) as "OwnerName", max(coalesce(ai.item_name, '通用')) as "AccountName", max(c.name) as "CommunityName"`,
  },
  5: {
    key: sql`a.room_id`,
    name: sql`max(coalesce(r.full_name, ''))`,
    fields: sql`a.room_id as "RoomId", max(coalesce(r.full_name, '')) as "RoomName", max(coalesce(o.name, '')) as "OwnerName",
      max(c.name) as "CommunityName"`,
  },
  2: {
    key: sql`r.building_id`,
    name: sql`max(c.name) || ' ' || coalesce(max(bd.name), '')`,
    fields: sql`r.building_id as "BuildingId", coalesce(max(bd.name), '') as "BuildingName", max(c.name) as "CommunityName"`,
  },
  1: {
    key: sql`a.community_id`,
    name: sql`max(c.name)`,
    fields: sql`a.community_id as "CommunityId", max(c.name) as "CommunityName"`,
  },
};
const HzBody = z.object({
  ...scopeFields,
  ...dateFields,
  ...pageFields,
  GroupBy: zOptCode(1, 6, '分组方式不正确').refine(
    (v) => v === undefined || [1, 2, 5, 6].includes(v),
    '分组方式不正确',
  ),
});
export const yckHz: ReportDef<typeof HzBody, DateFilters> = {
  name: 'YckHz',
  title: '预存款汇总表',
  body: HzBody,
  paged: true,
  resolve: (b, s) => ({ dates: resolveDates(b, s) }),
  rows: ({ body: b, filters: f, scope }) => {
    const g = HZ_GROUPS[b.GroupBy ?? 6]!;
    const w = f.dates;
    return sql`select (${g.key})::text as "GroupKey", ${g.name} as "GroupName", ${g.fields},
        ${money(prepaidOpeningMoney(w))} as "OpeningMoney", ${money(prepaidTopUpMoney(w))} as "TopUpMoney",
        ${money(prepaidDeductMoney(w))} as "DeductMoney", ${money(prepaidRefundMoney(w))} as "RefundMoney",
        ${money(prepaidReverseMoney(w))} as "ReverseMoney", ${money(prepaidClosingMoney(w))} as "ClosingMoney"
      from ${prepaidFrom} join communities c on c.id = a.community_id left join rooms r on r.id = a.room_id
      left join buildings bd on bd.id = r.building_id left join residents o on o.id = r.owner_resident_id
      left join fee_items ai on ai.id = a.item_id
      where ${prepaidScope(scope)} and x.created_at < ${w.end} and x.created_at <= ${w.nowSql}
      group by ${g.key}
      having ${prepaidOpeningMoney(w)} <> 0 or count(*) filter (where ${within(sql`x.created_at`, w)}) > 0`;
  },
  order: sql`r."GroupName", r."GroupKey"`,
  columns: [
    { key: 'GroupName', title: '账户/分组', width: 24 },
    { key: 'OpeningMoney', title: '期初余额' },
    { key: 'TopUpMoney', title: '充值' },
    { key: 'DeductMoney', title: '抵扣' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'ReverseMoney', title: '冲正' },
    { key: 'ClosingMoney', title: '期末余额' },
  ],
};
