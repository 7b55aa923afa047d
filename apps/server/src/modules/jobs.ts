import { type JobHandler, JobWorker } from '../core/job-queue';
import type { AppDeps } from '../deps';
import { type JobDef, scheduledHandler } from '../core/jobs';
import { attendanceCloseJob, attendanceFinaliseJob, attendanceHolidaysJob, recalcHandler } from './attendance/att-jobs';
import { cardExpiryJob } from './parking/card-expiry.job';
import { accessJobs } from './access/access-jobs';
import { propertyJobs } from './properties/handover-jobs';
import { faceBatchCleanJob } from './residents/face-batch-files';
import { faceBatchHandler } from './residents/face-batch-run';
import { residentJobs } from './residents/resident-jobs';
import { contractExpiryJob } from './staff/contract-expiry.job';
import { jobsCleanJob } from './job/jobs-clean.job';
import { smsJobHandlers, smsJobs } from './sms/sms-jobs';
import { billRunHandler } from './fees/bill-runs.service';
import { autoDeductJob } from './fees/auto-deduct.job';
import { feeAutoGenerateJob } from './fees/auto-generate.job';
import { feeJournalSealJob } from './fee-reports/journal-seal.job';
import { feeReconcileJob } from './fee-reports/reconcile.job';
import { receiptSweepJob } from './fees/receipt-sweep.job';

/** Every scheduled job of every module; main.ts runs them on a Scheduler. */
export const allJobs: JobDef[] = [
  contractExpiryJob,
  ...propertyJobs,
  ...residentJobs,
  faceBatchCleanJob,
  jobsCleanJob,
  attendanceFinaliseJob,
  cardExpiryJob,
  ...smsJobs,
  ...accessJobs,
  autoDeductJob,
  feeAutoGenerateJob,
  feeReconcileJob,
  feeJournalSealJob,
  receiptSweepJob,
  attendanceCloseJob,
  attendanceHolidaysJob,
];

/** Every kind of queued work: the scheduled jobs and the background starts (face batch commits …). */
export const allJobHandlers = (): JobHandler<never>[] => [
  ...allJobs.map((j) => scheduledHandler(j) as JobHandler<never>),
  faceBatchHandler as JobHandler<never>,
  recalcHandler as JobHandler<never>,
  ...smsJobHandlers,
  billRunHandler as JobHandler<never>,
];

const quiet = { info: () => {}, error: () => {} };

/** Runs every due job in this process until none is left (tests, instead of waiting for a worker's poll). */
export const drainJobs = (deps: AppDeps) => new JobWorker(deps, allJobHandlers(), quiet).drain();
