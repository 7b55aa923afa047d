import { FEE_BILL_RUN_STATE, FEE_BILL_SOURCE, FeeBillRunBody, feeName, zDate, zId } from '@linli/shared';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { addDays } from '../../core/dates';
import { notFound } from '../../core/errors';
import { optionalInt } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { communities, feeBillRuns, users } from '../../db/schema';
import { previewRun, revokeRun, startRunJob } from './bill-runs.service';
import type { Auth } from '../../core/auth';

const runSelect = (db: Tx) =>
  db
    .select({
      r: feeBillRuns,
      CommunityName: communities.name,
      CreatorName: sql<string>`coalesce(${users.name}, '系统')`,
      StandardNames: sql<string>`coalesce((select string_agg(s.standard_name, '、' order by s.id) from fee_standards s where s.id in (select (jsonb_array_elements_text(${feeBillRuns.standardIds}))::int)), '')`,
    })
    .from(feeBillRuns)
    .innerJoin(communities, eq(communities.id, feeBillRuns.communityId))
    .leftJoin(users, eq(users.id, feeBillRuns.createdBy))
    .$dynamic();

type RunRow = Awaited<ReturnType<ReturnType<typeof runSelect>['execute']>>[number];

const runView = ({ r, ...x }: RunRow) => ({
  Id: r.id,
  RunId: r.id,
  CommunityId: r.communityId,
  CommunityName: x.CommunityName,
  StandardIds: r.standardIds,
  StandardNames: x.StandardNames,
  PeriodFrom: r.periodFrom,
  PeriodTo: r.periodTo,
  Source: r.source,
  SourceName: feeName(FEE_BILL_SOURCE, r.source),
  State: r.state,
  StateName: feeName(FEE_BILL_RUN_STATE, r.state),
  Total: r.total,
  Done: r.done,
  Created: r.created,
  Skipped: r.skipped,
  Failed: r.failed,
  AmountMoney: r.amountMoney,
  Error: r.error,
  CreatorName: x.CreatorName,
  CreateTime: fmtTime(r.createdAt),
  FinishTime: r.finishedAt ? fmtTime(r.finishedAt) : '',
});

const visibleRun = (auth: Auth) => and(eq(feeBillRuns.cmpId, auth.cmpId), inScope(auth, feeBillRuns.communityId));

/** 批量出账 and its 出账记录 tab (sfgl_sfxm). */
export const feeBillRunCalls = [
  call({
    path: '/FeeBillRun/Preview',
    role: 'sfgl_sfxm',
    reads: true,
    body: FeeBillRunBody,
    handler: (b, { deps, auth }) => previewRun(deps.database.db, auth, b, deps.now()),
  }),
  call({
    path: '/FeeBillRun/Start',
    role: 'sfgl_sfxm',
    btn: 'generate',
    body: FeeBillRunBody,
    okMsg: '已开始生成',
    handler: async (b, { deps, auth }) => ({
      RunId: await deps.database.db.transaction((tx) => startRunJob(tx, auth, b, deps.now())),
    }),
  }),
  call({
    path: '/FeeBillRun/Progress',
    role: 'sfgl_sfxm',
    reads: true,
    body: z.object({ RunId: zId('批次编号不正确') }),
    handler: async (b, { deps, auth }) => {
      const [r] = await runSelect(deps.database.db).where(and(eq(feeBillRuns.id, b.RunId), visibleRun(auth)));
      if (!r) throw notFound();
      return runView(r);
    },
  }),
  call({
    path: '/FeeBillRun/List',
    role: 'sfgl_sfxm',
    reads: true,
    body: z.object({
      ...pagingFields,
      CommunityId: optionalInt(),
      State: optionalInt(),
      DateFrom: zDate('开始日期'),
      DateTo: zDate('结束日期'),
    }),
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = and(
        visibleRun(auth),
        f.CommunityId === undefined ? undefined : eq(feeBillRuns.communityId, f.CommunityId),
        f.State === undefined ? undefined : eq(feeBillRuns.state, f.State),
        f.DateFrom ? gte(feeBillRuns.createdAt, new Date(`${f.DateFrom}T00:00:00+08:00`)) : undefined,
        f.DateTo ? lt(feeBillRuns.createdAt, new Date(`${addDays(f.DateTo, 1)}T00:00:00+08:00`)) : undefined,
      );
      return listWithCount(db, f, {
        table: feeBillRuns,
        where,
        rows: async (p) =>
          (await runSelect(db).where(where).orderBy(desc(feeBillRuns.id)).limit(p.limit).offset(p.offset)).map(runView),
      });
    },
  }),
  call({
    path: '/FeeBillRun/Revoke',
    role: 'sfgl_sfxm',
    btn: 'del',
    body: z.object({ Id: zId('批次编号不正确') }),
    okMsg: '已撤销',
    handler: (b, { deps, auth }) => deps.database.db.transaction((tx) => revokeRun(tx, auth, b.Id, deps.now())),
  }),
];
