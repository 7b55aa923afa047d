import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idList } from '../../core/filters';
import { type PeriodWindow, periodFields, resolvePeriod, scopeFields } from './filters';
import { accrualByRoom, accrualColumns } from './measures';
import type { ReportDef } from './report-kit';

/**
 * 收费率统计表 ratecollect (fee-reports.md "Accrual measures"): a row per 小区 of the scope with its 楼栋 as Children,
 * every figure from `accrualByRoom` + `accrualColumns` (收费户数, 已缴户数, 户收费率, 当期应收/实收, 收费率, 期初欠费,
 * 欠费追回, 期末历史欠费, 清缴率). The 合计 recomputes each rate from the summed parts.
 */
export const rateCollectBody = z.object({ ...scopeFields, ...periodFields });

const FIELDS = [
  'ChargeRooms',
  'PaidRooms',
  'RoomRate',
  'PeriodDueMoney',
  'PeriodPaidMoney',
  'CollectRate',
  'OpeningArrearsMoney',
  'RecoveredMoney',
  'ClosingArrearsMoney',
  'RecoveryRate',
];
// A community without bills answers zeros (and null rates), not nulls.
const pick = sql.raw(
  FIELDS.map((f) =>
    f.endsWith('Rate')
      ? `x."${f}"`
      : f.endsWith('Money')
        ? `coalesce(x."${f}", '0.00') as "${f}"`
        : `coalesce(x."${f}", 0) as "${f}"`,
  ).join(', '),
);

export const rateCollectReport: ReportDef<typeof rateCollectBody, PeriodWindow> = {
  name: 'RateCollect',
  title: '收费率统计表',
  body: rateCollectBody,
  resolve: (b, scope) => resolvePeriod(b, scope),
  rows: ({ filters: a, scope: s }) => sql`
    select cm.id as "CommunityId", cm.name as "CommunityName", ${pick}
    from communities cm left join (select r.community_id, ${accrualColumns()}
      from (${accrualByRoom(s, a, [sql`j.community_id`])}) r group by r.community_id) x on x.community_id = cm.id
    where cm.cmp_id = ${s.cmpId} and cm.id = any(${idList(s.communityIds)}::int[])`,
  order: sql`r."CommunityId"`,
  children: {
    parentKey: 'CommunityId',
    rows: ({ filters: a, scope: s }) => sql`
      select r.community_id as "__parent", r.community_id as "CommunityId", coalesce(bd.id, 0) as "BuildingId", coalesce(bd.name, '其他') as "BuildingName",
        ${accrualColumns()}
      from (${accrualByRoom(s, a, [sql`j.community_id`, sql`j.building_id`])}) r left join buildings bd on bd.id = r.building_id
      group by r.community_id, bd.id, bd.name`,
    order: sql`r."CommunityId", r."BuildingId" = 0, r."BuildingId"`,
  },
  columns: [
    { key: 'CommunityName', title: '小区' },
    { key: 'ChargeRooms', title: '收费户数' },
    { key: 'PaidRooms', title: '已缴户数' },
    { key: 'RoomRate', title: '户收费率' },
    { key: 'PeriodDueMoney', title: '当期应收' },
    { key: 'PeriodPaidMoney', title: '当期实收' },
    { key: 'CollectRate', title: '收费率' },
    { key: 'OpeningArrearsMoney', title: '期初欠费' },
    { key: 'RecoveredMoney', title: '欠费追回' },
    { key: 'ClosingArrearsMoney', title: '期末历史欠费' },
    { key: 'RecoveryRate', title: '清缴率' },
  ],
  rates: {
    RoomRate: ['PaidRooms', 'ChargeRooms'],
    CollectRate: ['PeriodPaidMoney', 'PeriodDueMoney'],
    RecoveryRate: ['RecoveredMoney', ['RecoveredMoney', 'ClosingArrearsMoney']],
  },
};
