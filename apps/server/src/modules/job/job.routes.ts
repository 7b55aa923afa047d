import { zId, zRequiredText } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { JobWorker, progressView } from '../../core/job-queue';
import { enqueueScheduled, manualRunKey } from '../../core/jobs';
import { jobs } from '../../db/schema';
import { allJobHandlers, allJobs } from '../jobs';

/**
 * domain/README.md "Jobs": a super-admin starts a scheduled job now. It runs in this process under the job's lock
 * (a run already going, here or in another process, is waited for) and answers once finished, with its summary.
 * It acts for the caller's company only (ctx.cmpId; README.md in this folder lists what each job then does).
 */
export const jobCalls = [
  call({
    path: '/Job/Run',
    admin: true,
    body: z.object({ Name: zRequiredText('请选择任务', 60, '任务名称') }),
    handler: async (b, { deps, req, auth }) => {
      const job = allJobs.find((j) => j.name === b.Name);
      if (!job) throw fail('任务不存在');
      const now = deps.now();
      const id = (await enqueueScheduled(deps, job, manualRunKey(job.schedule, now), now, false, {
        cmpId: auth.cmpId,
        userId: auth.userId,
      }))!;
      const done = await new JobWorker(deps, allJobHandlers(), req.log).runNow(id);
      if (!done) {
        await deps.database.db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.state, 'queued')));
        throw fail('该任务正在运行，请稍后再试');
      }
      return progressView(done);
    },
  }),
  call({
    path: '/Job/Progress',
    reads: true,
    body: z.object({ RunId: zId('任务编号不正确') }),
    handler: async (b, { deps, auth }) => {
      const [j] = await deps.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, b.RunId), eq(jobs.cmpId, auth.cmpId)));
      // Another person's background start is theirs; the company administrator may follow every one.
      if (!j || (!auth.isAdmin && j.createdBy !== auth.userId)) throw notFound();
      return progressView(j);
    },
  }),
];
