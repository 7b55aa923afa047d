import type { JobDef } from '../core/jobs';
import { propertyJobs } from './properties/handover-jobs';
import { faceBatchCleanJob } from './residents/face-batch-files';
import { residentJobs } from './residents/resident-jobs';
import { contractExpiryJob } from './staff/contract-expiry.job';

/** Every scheduled job of every module; main.ts runs them on a Scheduler. */
export const allJobs: JobDef[] = [contractExpiryJob, ...propertyJobs, ...residentJobs, faceBatchCleanJob];
