import type { CallDef } from '../../core/calls';
import { yjhz, yjmx } from './accrual-reports';
import { qjhz, qjhzJefj, qjhzScfj, qjmx } from './arrears-reports';
import { jfxm } from './cash-reports';
import { chartCallList } from './charts';
import { dailyCalls } from './daily-report';
import { yckDkmx, yckHz, yckYcmx } from './prepaid-reports';
import { reportCalls } from './report-kit';
import { yjzl } from './yjzl';

/** Every call of the fee reports module (domain/fee-reports.md "Calls"): the reports, the 收费日报 and the charts. */
export const feeReportCalls: CallDef[] = [
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
