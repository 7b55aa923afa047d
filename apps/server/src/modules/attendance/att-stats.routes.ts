import { RecalcBody, StatMonthFilter, zId } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call, Page } from '../../core/calls';
import { notFound } from '../../core/errors';
import { enqueue, progressView } from '../../core/job-queue';
import { pageOf, pagingFields } from '../../core/paging';
import { jobs } from '../../db/schema';
import { assertStaff } from './att-common';
import { RECALC_JOB, type RecalcPayload } from './att-jobs';
import { statCount, statDays, statRows, statWorkbook } from './att-stats';
import { zMonth } from '@linli/shared';

const ROLE = 'kqgl_kqtj';
const Filters = z.object({ ...pagingFields, ...StatMonthFilter });

/** 考勤统计 (kqgl_kqtj). */
export const attStatCalls = [
  call({
    path: '/Attendance/StatMonth',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const [rows, count] = await Promise.all([statRows(db, auth, f, pageOf(f)), statCount(db, auth, f)]);
      return new Page(rows, count);
    },
  }),
  call({
    path: '/Attendance/StatDays',
    role: ROLE,
    reads: true,
    body: z.object({ UserId: zId(), Month: zMonth() }),
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const names = await assertStaff(db, auth, [b.UserId]).catch(() => {
        throw notFound();
      });
      const days = await statDays(db, auth, [b.UserId], b.Month);
      return { UserId: b.UserId, UserName: names.get(b.UserId), Month: b.Month, Days: days.get(b.UserId) ?? [] };
    },
  }),
  call({
    path: '/Attendance/StatExport',
    role: ROLE,
    btn: 'export',
    body: Filters,
    handler: (f, { deps, auth }) => statWorkbook(deps.database.db, auth, f),
  }),
  call({
    path: '/Attendance/Recalc',
    role: ROLE,
    btn: 'recalc',
    body: RecalcBody,
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const userIds = [...new Set(b.UserIds)];
      if (userIds.length) await assertStaff(db, auth, userIds, 'UserIds');
      const now = deps.now();
      return db.transaction(async (tx) => {
        const payload: RecalcPayload = { cmpId: auth.cmpId, tz: auth.timeZone, month: b.Month, userIds };
        const id = await enqueue(tx, RECALC_JOB, payload, { cmpId: auth.cmpId, createdBy: auth.userId });
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'attendance.recalc',
            entity: 'job',
            entityId: id,
            detail: { Month: b.Month, Users: userIds.length },
            ip,
          },
          now,
        );
        return { RunId: id };
      });
    },
  }),
  call({
    path: '/Attendance/RecalcProgress',
    role: ROLE,
    reads: true,
    body: z.object({ RunId: zId('任务编号不正确') }),
    handler: async (b, { deps, auth }) => {
      const [j] = await deps.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, b.RunId), eq(jobs.cmpId, auth.cmpId), eq(jobs.name, RECALC_JOB)));
      if (!j) throw notFound();
      return progressView(j);
    },
  }),
];
