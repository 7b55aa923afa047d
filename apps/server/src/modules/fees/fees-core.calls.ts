import { zId } from '@linli/shared';
import { z } from 'zod';
import { call, type CallDef } from '../../core/calls';
import { todayIn } from '../../core/dates';
import { notFound } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import { sql } from 'drizzle-orm';
import { residentFeeSummary } from './fee-seams';
import { feeBillRunCalls } from './bill-runs.routes';
import { bindingImportCalls } from './binding-import';
import { feeBindingCalls } from './bindings.routes';
import { meterReadingImportCalls } from './meter-reading-import';
import { feeBillCalls } from './bills.routes';
import { meterReadingCalls } from './meter-readings.routes';
import { feeItemCalls } from './items.routes';
import { registerFeeArrears } from './sms-arrears';
import { feeStandardCalls } from './standards.routes';

// SMS's 欠费住户 recipients come from the bills.
registerFeeArrears();

/** The fees-core calls (items, standards, bindings, bill runs, bills, meter readings). */
export const feesCoreCalls: CallDef[] = [
  ...feeItemCalls,
  ...feeStandardCalls,
  ...feeBindingCalls,
  ...feeBillRunCalls,
  ...feeBillCalls,
  ...meterReadingCalls,
  ...meterReadingImportCalls,
  ...bindingImportCalls,
  call({
    path: '/Resident/FeeSummary',
    role: 'zhgl_zhgl',
    reads: true,
    body: z.object({ Id: zId('住户编号不正确') }),
    // 住户详情's 缴费 tab.
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const [seen] = await sqlRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from residents e where e.id = ${b.Id} and e.cmp_id = ${auth.cmpId}`,
      );
      if (!Number(seen?.n)) throw notFound();
      return residentFeeSummary(db, auth, b.Id, todayIn(deps.now(), auth.timeZone));
    },
  }),
];
