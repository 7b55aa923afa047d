import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type DateWindow,
  lastDayOf,
  monthField,
  oneCommunityField,
  type PeriodWindow,
  type ReportScope,
  resolveDates,
  resolvePeriod,
  scopeFields,
} from './filters';
import {
  accrualByRoom,
  accrualColumns,
  cashRows,
  feePayRooms,
  journalFrom,
  journalScope,
  money,
  postedPaidMoney,
} from './measures';
import type { ReportDef } from './report-kit';

/**
 * 物业费月度统计表 (yjzl): one community, one month, a row per 楼栋 for the month-end meeting. Items default to 类别
 * 物业费. 本日 is today while the month runs, else its last day.
 */
const YjzlBody = z.object({ ...scopeFields, ...oneCommunityField, ...monthField() });
interface YjzlFilters {
  period: PeriodWindow;
  day: DateWindow;
}

/** The scope with yjzl's default items (类别 物业费) when none were chosen. */
const yjzlScope = (s: ReportScope): ReportScope => (s.itemIds || s.category ? s : { ...s, category: 1 });

export const yjzl: ReportDef<typeof YjzlBody, YjzlFilters> = {
  name: 'Yjzl',
  title: '物业费月度统计表',
  body: YjzlBody,
  resolve: (b, scope) => {
    const period = resolvePeriod({ PeriodFrom: b.Month, PeriodTo: b.Month }, scope);
    const last = lastDayOf(b.Month);
    const day = last < scope.today ? last : b.Month > scope.today.slice(0, 7) ? `${b.Month}-01` : scope.today;
    return { period, day: resolveDates({ DateFrom: day, DateTo: day }, scope) };
  },
  rows: ({ filters: f, scope: s0 }) => {
    const s = yjzlScope(s0);
    const building: SQL = sql`j.building_id`;
    return sql`select bd.id as "BuildingId", bd.name as "BuildingName", max(c.id) as "CommunityId",
        max(c.name) as "CommunityName",
        coalesce(max(rm.all_rooms), 0)::int as "AllRooms", coalesce(max(rm.vacant), 0)::int as "VacantRooms",
        ${accrualColumns(sql`r`)},
        coalesce(max(td.rooms), 0)::int as "TodayPaidRooms", ${money(sql`coalesce(max(td.paid), 0)`)} as "TodayPaidMoney"
      from buildings bd join communities c on c.id = bd.community_id
      left join (${accrualByRoom(s, f.period, [building])}) r on r.building_id = bd.id
      left join (select j.building_id, ${feePayRooms(f.day)} as rooms, ${postedPaidMoney(f.day)} as paid
          from ${journalFrom} where ${journalScope(s)} and ${cashRows(f.day)} group by j.building_id) td
        on td.building_id = bd.id
      left join (select rr.building_id, count(*) filter (where rr.status <> 0) as all_rooms,
          count(*) filter (where rr.status = 1) as vacant
          from rooms rr where rr.cmp_id = ${s.cmpId} and rr.community_id = ${s.communityIds[0] ?? 0}
          group by rr.building_id) rm on rm.building_id = bd.id
      where bd.cmp_id = ${s.cmpId} and bd.community_id = ${s.communityIds[0] ?? 0}
        ${s.buildingId ? sql`and bd.id = ${s.buildingId}` : sql``}
      group by bd.id, bd.name`;
  },
  order: sql`r."BuildingName", r."BuildingId"`,
  columns: [
    { key: 'BuildingName', title: '楼栋' },
    { key: 'AllRooms', title: '总户数', kind: 'count' },
    { key: 'VacantRooms', title: '空置户数', kind: 'count' },
    { key: 'ChargeRooms', title: '收费户数' },
    { key: 'OpeningArrearsMoney', title: '期初欠费' },
    { key: 'PeriodDueMoney', title: '本月应收' },
    { key: 'TodayPaidRooms', title: '本日收款户数' },
    { key: 'TodayPaidMoney', title: '本日收款金额' },
    { key: 'PaidRooms', title: '本月已缴户数' },
    { key: 'PeriodPaidMoney', title: '本月实收' },
    { key: 'PeriodUnpaidMoney', title: '本月未收' },
    { key: 'RecoveredRooms', title: '追欠户数' },
    { key: 'RecoveredMoney', title: '追欠金额' },
    { key: 'AdvanceMoney', title: '预收金额' },
    { key: 'ClosingArrearsMoney', title: '期末历史欠费' },
    { key: 'RoomRate', title: '户收费率' },
    { key: 'CollectRate', title: '收费率' },
    { key: 'RecoveryRate', title: '清缴率' },
  ],
  rates: {
    RoomRate: ['PaidRooms', 'ChargeRooms'],
    CollectRate: ['PeriodPaidMoney', 'PeriodDueMoney'],
    RecoveryRate: ['RecoveredMoney', ['RecoveredMoney', 'ClosingArrearsMoney']],
  },
  filterText: ({ body }) => [`月份：${body.Month}`],
};
