import type { FeeReportItemOption } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { call, type CallDef } from '../../core/calls';
import { sqlRows } from '../../core/sql-rows';
import { yjhz, yjmx } from './accrual-reports';
import { qjhz, qjhzJefj, qjhzScfj, qjmx } from './arrears-reports';
import { jfxm } from './cash-reports';
import { chartCallList } from './charts';
import { dailyCalls } from './daily-report';
import { categoryName } from './places';
import { yckDkmx, yckHz, yckYcmx } from './prepaid-reports';
import { REPORT_ROLE, reportCalls } from './report-kit';
import { yjzl } from './yjzl';

/**
 * /api/FeeReport/ItemOptions: the 收费项目 choices of every report filter. FeeItem/List needs 收费项目 (sfgl_sfxm),
 * which a report user (sfgl_sfbb only) may not hold; this answers the company's items, disabled ones included (their
 * bills stay in the reports), by 类别 then id.
 */
const itemOptions = call({
  path: '/FeeReport/ItemOptions',
  role: REPORT_ROLE,
  reads: true,
  handler: async (_b, { auth, deps }) =>
    sqlRows<FeeReportItemOption>(
      deps.database.db,
      sql`select fi.id as "Id", fi.item_name as "ItemName", fi.category::int as "Category",
          ${categoryName(sql`fi.category`)} as "CategoryName", fi.is_enabled as "IsEnabled"
        from fee_items fi where fi.cmp_id = ${auth.cmpId} order by fi.category, fi.id`,
    ),
});

/** Every call of the fee reports module (domain/fee-reports.md "Calls"): the reports, the 收费日报 and the charts. */
export const feeReportCalls: CallDef[] = [
  itemOptions,
  ...reportCalls(yjmx),
  ...reportCalls(yjhz),
  ...reportCalls(yjzl),
  ...reportCalls(jfxm),
  ...reportCalls(qjmx),
  ...reportCalls(qjhz),
  ...reportCalls(qjhzScfj),
  ...reportCalls(qjhzJefj),
  ...reportCalls(yckYcmx),
  ...reportCalls(yckDkmx),
  ...reportCalls(yckHz),
  ...dailyCalls,
  ...chartCallList,
];
