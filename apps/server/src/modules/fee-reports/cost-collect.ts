import { FeeJournalEvent } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idList } from '../../core/filters';
import { type DateWindow, dateFields, type ReportScope, resolveDates, scopeFields } from './filters';
import {
  advanceCashMoney,
  cashRows,
  currentMoney,
  feePaidMoney,
  feePayCount,
  feeRefundMoney,
  itemFiltered,
  journalFrom,
  journalScope,
  lateFeeCashMoney,
  meterFrom,
  meterScope,
  meterTopUpMoney,
  methodMoney,
  money,
  prepaidFrom,
  prepaidScope,
  prepaidTopUpCashMoney,
  prepaidUsedCashMoney,
  recoveredCashMoney,
  tenderCommunity,
  tenderFrom,
  tenderRoom,
  tenderScope,
  within,
} from './measures';
import { journalSource } from './journal-source';
import type { ReportDef } from './report-kit';

/**
 * 收费汇总表 costcollect (fee-reports.md "Cash measures"): a row per 小区 of the scope (zeros included), its 楼栋 as
 * Children. Each figure is its measure: the fee part from the journal, 预存充值/预存抵扣 from the prepaid txns, 电表充值
 * from the meter events; 资金收款 = 费用实收 + 预存充值 + 电表充值 − 预存抵扣. Under a 收费项目 or 类别 filter 预存充值
 * is the top-ups of that item's accounts (通用 and meter money count only without one: measures.ts `prepaidScope`,
 * `meterScope`), as in 收费明细表, and 预存抵扣 the item's share of the 预存款抵扣 tenders (measures.ts `tenderFrom`),
 * so 资金收款 = the item's share of the other tenders, as in 收费日报 and 收款方式汇总表.
 */
export const costCollectBody = z.object({ ...scopeFields, ...dateFields });

const FIELDS = ['cur', 'rec', 'adv', 'late', 'fee', 'refund', 'topup', 'used', 'meter'] as const;

/** One row per community (and 楼栋 when `byBuilding`) with the raw measures, every source summed in. */
function parts(s: ReportScope, c: DateWindow, byBuilding: boolean): SQL {
  const zeros = (but: string[]) => FIELDS.filter((f) => !but.includes(f)).map((f) => sql.raw(`0::numeric as ${f}`));
  const cols = (list: SQL[]) => sql.join(list, sql`, `);
  const jb = byBuilding ? sql`j.building_id` : sql`null::int`;
  // The money from the journal's rollup (sealed months summed), the receipts counted on its 收款 rows alone: a year of
  // a large company is two million journal rows, and summing them row by row took seconds.
  const fee = sql`select j.community_id, ${jb} as building_id, 0 as pay_count,
      ${currentMoney(c)} as cur, ${recoveredCashMoney(c)} as rec, ${advanceCashMoney(c)} as adv,
      ${lateFeeCashMoney(c)} as late, ${feePaidMoney(c)} as fee, ${feeRefundMoney(c)} as refund,
      ${cols(zeros(['cur', 'rec', 'adv', 'late', 'fee', 'refund']))}
    from ${journalSource(s.cmpId, c)} where ${journalScope(s)} and ${cashRows(c)} group by 1, 2
    union all
    select j.community_id, ${jb}, ${feePayCount(c)}, ${cols(zeros([]))}
    from ${journalFrom} where ${journalScope(s)} and ${cashRows(c)} and j.event_type = ${FeeJournalEvent.Paid}
    group by 1, 2`;
  const xb = byBuilding ? sql`(select xr.building_id from rooms xr where xr.id = a.room_id)` : sql`null::int`;
  // Under a 收费项目/类别 filter 预存抵扣 is the item's share of the 预存款抵扣 tenders (the deductions that paid its
  // bills, from its own account or from 通用), not its account's deductions: 资金收款 is then the item's fresh money.
  const filtered = itemFiltered(s);
  const prepaid = sql`select a.community_id, ${xb}, 0, ${cols(zeros(['topup', 'used']).slice(0, 6))},
      ${prepaidTopUpCashMoney(c)}, ${filtered ? sql`0::numeric` : prepaidUsedCashMoney(c)}, 0::numeric
    from ${prepaidFrom} where ${prepaidScope(s)} and ${within(sql`x.created_at`, c)} group by 1, 2`;
  const tb = byBuilding ? sql`(select tr.building_id from rooms tr where tr.id = ${tenderRoom})` : sql`null::int`;
  const used = sql`select ${tenderCommunity}, ${tb}, 0, ${cols(zeros(['used', 'meter']))}, ${methodMoney(6)},
      0::numeric
    from ${tenderFrom(s)} where ${tenderScope(s, c)} group by 1, 2`;
  const eb = byBuilding ? sql`(select er.building_id from rooms er where er.id = e.room_id)` : sql`null::int`;
  const meter = sql`select e.community_id, ${eb}, 0, ${cols(zeros(['meter']))}, ${meterTopUpMoney()}
    from ${meterFrom} where ${meterScope(s, c)} group by 1, 2`;
  return sql`${fee} union all ${prepaid} union all ${meter} ${filtered ? sql`union all ${used}` : sql``}`;
}

function figures(x: SQL): SQL {
  const s = (f: string) => sql`coalesce(sum(${x}.${sql.raw(f)}), 0)`;
  return sql`coalesce(sum(${x}.pay_count), 0)::int as "PayCount", ${money(s('cur'))} as "CurrentMoney",
    ${money(s('rec'))} as "RecoveredMoney", ${money(s('adv'))} as "AdvanceMoney", ${money(s('late'))} as "LateFeeMoney",
    ${money(s('fee'))} as "FeePaidMoney", ${money(s('topup'))} as "PrepaidTopUpMoney",
    ${money(s('meter'))} as "MeterTopUpMoney", ${money(s('refund'))} as "RefundMoney",
    ${money(s('used'))} as "PrepaidUsedMoney",
    ${money(sql`${s('fee')} + ${s('topup')} + ${s('meter')} - ${s('used')}`)} as "FundMoney"`;
}

export const costCollectReport: ReportDef<typeof costCollectBody, DateWindow> = {
  name: 'CostCollect',
  title: '收费汇总表',
  body: costCollectBody,
  resolve: (b, scope) => resolveDates(b, scope),
  rows: ({ filters: c, scope: s }) => sql`
    select cm.id as "CommunityId", cm.name as "CommunityName", ${figures(sql`x`)}
    from communities cm left join (${parts(s, c, false)}) x on x.community_id = cm.id
    where cm.cmp_id = ${s.cmpId} and cm.id = any(${idList(s.communityIds)}::int[])
    group by cm.id, cm.name`,
  order: sql`r."CommunityId"`,
  children: {
    parentKey: 'CommunityId',
    rows: ({ filters: c, scope: s }) => sql`
      select x.community_id as "__parent", x.community_id as "CommunityId", coalesce(bd.id, 0) as "BuildingId",
        coalesce(bd.name, '其他') as "BuildingName", ${figures(sql`x`)}
      from (${parts(s, c, true)}) x left join buildings bd on bd.id = x.building_id
      group by x.community_id, bd.id, bd.name`,
    order: sql`r."CommunityId", r."BuildingId" = 0, r."BuildingId"`,
  },
  columns: [
    { key: 'CommunityName', title: '小区' },
    { key: 'PayCount', title: '笔数' },
    { key: 'CurrentMoney', title: '当期' },
    { key: 'RecoveredMoney', title: '追欠' },
    { key: 'AdvanceMoney', title: '预收' },
    { key: 'LateFeeMoney', title: '滞纳金' },
    { key: 'FeePaidMoney', title: '费用实收' },
    { key: 'PrepaidTopUpMoney', title: '预存充值' },
    { key: 'MeterTopUpMoney', title: '电表充值' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'PrepaidUsedMoney', title: '预存抵扣' },
    { key: 'FundMoney', title: '资金收款' },
  ],
};
