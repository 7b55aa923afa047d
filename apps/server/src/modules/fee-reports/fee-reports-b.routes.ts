import { z } from 'zod';
import { call, type CallDef } from '../../core/calls';
import { annualCommunityReport, annualHouseReport, annualItemReport } from './annual';
import { costCollectReport } from './cost-collect';
import { costDetailsReport } from './cost-details';
import { dateFields, resolveDates, resolveScope, scopeFields } from './filters';
import { itemCollectReport } from './item-collect';
import { methodCollectCalls } from './method-collect';
import { rateCollectReport } from './rate-collect';
import { reconcile } from './reconcile';
import { REPORT_ROLE, reportCalls } from './report-kit';

/**
 * The synthetical reports (收费明细表 … 项目年度收费表) and 对账检查 (domain/fee-reports.md "Calls"): each report's
 * List/Sum/Export through the kit, PaymentMethodCollect by its Pivot, and /api/FeeReport/Reconcile.
 */
const reconcileBody = z.object({ CommunityIds: scopeFields.CommunityIds, ...dateFields });

export const feeReportBCalls: CallDef[] = [
  ...reportCalls(costDetailsReport),
  ...reportCalls(costCollectReport),
  ...reportCalls(itemCollectReport),
  ...methodCollectCalls,
  ...reportCalls(rateCollectReport),
  ...reportCalls(annualHouseReport),
  ...reportCalls(annualCommunityReport),
  ...reportCalls(annualItemReport),
  call({
    path: '/FeeReport/Reconcile',
    role: REPORT_ROLE,
    reads: true,
    body: reconcileBody,
    handler: async (b, { auth, deps }) => {
      const db = deps.database.db;
      const scope = await resolveScope(db, auth, b, deps.now());
      return reconcile(db, auth, scope, resolveDates(b, scope));
    },
  }),
];
