import { FeeBillRunState, FeeBillSource, FeeKind, type FeeBillRunBody } from '@linli/shared';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { fail, notFound } from '../../core/errors';
import { anyId } from '../../core/filters';
import { enqueue, type JobContext, type JobHandler } from '../../core/job-queue';
import { assertCommunity } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { feeBillRuns, feeBills, feeBindings, feeJournal, feeMeterReadings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { bindingCandidates, type GenStandard, generate, loadStandard, preview } from './generator';
import { addMonths, periodsBetween } from './periods';

export const MAX_MONTHS_AHEAD = 12;
export const BILL_RUN_JOB = 'fee.bill-run';
const TZ = 'Asia/Shanghai';

/** One unit of a run's work and of its progress bar: one standard × one building (null = payers without one). */
export interface Chunk {
  standardId: number;
  buildingId: number | null;
}

export interface RunPayload {
  runId: number;
  cmpId: number;
  userId: number | null;
  periodFrom: string;
  periodTo: string;
  source: number;
  chunks: Chunk[];
}

/** The standards of a 批量出账, checked: the caller's, in the community, periodic (meters bill from readings). */
export async function runStandards(tx: Tx, auth: Auth, b: FeeBillRunBody, now: Date): Promise<GenStandard[]> {
  await assertCommunity(tx, auth, b.CommunityId);
  const limit = addMonths(todayIn(now, TZ).slice(0, 7), MAX_MONTHS_AHEAD);
  if (b.PeriodTo > limit) throw fail('最多提前生成12个月的账单', { Errors: { PeriodTo: '最多提前生成12个月的账单' } });
  const out: GenStandard[] = [];
  for (const id of [...new Set(b.StandardIds)]) {
    const s = await loadStandard(tx, auth.cmpId, id);
    if (!s || s.communityId !== b.CommunityId) throw notFound('收费标准不存在');
    if (s.kind === FeeKind.Metered) throw fail(`“${s.standardName}”为抄表类标准，请在抄表中出账`);
    if (s.kind !== FeeKind.Periodic) throw fail(`“${s.standardName}”为一次性收费，请在收费台临时收费`);
    if (!s.isEnabled) throw fail(`“${s.standardName}”已停用`);
    out.push(s);
  }
  return out;
}

const periodsOf = (s: GenStandard, from: string, to: string) =>
  periodsBetween(from, to, {
    cycleMonths: s.cycleMonths,
    chargeMode: s.chargeMode,
    billDay: s.billDay,
    dueDays: s.dueDays,
  });

/** FeeBillRun/Preview: per standard what a run would create, skip and fail, with reasons and samples. */
export async function previewRun(tx: Tx, auth: Auth, b: FeeBillRunBody, now: Date) {
  const standards = await runStandards(tx, auth, b, now);
  const per = [];
  for (const s of standards) {
    const periods = periodsOf(s, b.PeriodFrom, b.PeriodTo);
    const p = periods.length
      ? await preview(tx, auth.cmpId, s, bindingCandidates(auth.cmpId, s, periods, {}))
      : { toCreate: 0, existing: 0, failed: 0, amountMoney: '0.00', failures: [], samples: [] };
    per.push({
      StandardId: s.id,
      StandardName: s.standardName,
      ItemName: s.itemName,
      ToCreate: p.toCreate,
      Existing: p.existing,
      Failed: p.failed,
      AmountMoney: p.amountMoney,
      Failures: p.failures,
      Samples: p.samples,
    });
  }
  const [sum] = await sqlRows<{ amount: string }>(
    tx,
    sql`select (${sql.join(
      per.map((p) => sql`${p.AmountMoney}::numeric`),
      sql` + `,
    )})::numeric(14,2)::text as amount`,
  );
  return {
    ToCreate: per.reduce((n, p) => n + p.ToCreate, 0),
    Existing: per.reduce((n, p) => n + p.Existing, 0),
    Failed: per.reduce((n, p) => n + p.Failed, 0),
    AmountMoney: sum?.amount ?? '0.00',
    Standards: per,
  };
}

/** The chunks of a run: every building (and the building-less payers) each standard has bindings in. */
async function chunksOf(tx: Tx, cmpId: number, standards: GenStandard[]): Promise<Chunk[]> {
  if (!standards.length) return [];
  const rows = await sqlRows<{ standard_id: number; building_id: number | null }>(
    tx,
    sql`select distinct standard_id, building_id from ${feeBindings}
      where cmp_id = ${cmpId} and ${anyId(
        sql`standard_id`,
        standards.map((s) => s.id),
      )}
      order by standard_id, building_id nulls last`,
  );
  return rows.map((r) => ({
    standardId: Number(r.standard_id),
    buildingId: r.building_id === null ? null : Number(r.building_id),
  }));
}

/**
 * Creates the run row and queues its job in one transaction (a run exists only with its job). `source` 2 is the
 * 01:00 job's run.
 */
export async function startRun(
  tx: Tx,
  args: {
    cmpId: number;
    userId: number | null;
    communityId: number;
    standards: GenStandard[];
    from: string;
    to: string;
    source: number;
    now: Date;
  },
): Promise<{ runId: number; payload: RunPayload }> {
  const chunks = await chunksOf(tx, args.cmpId, args.standards);
  const [run] = await tx
    .insert(feeBillRuns)
    .values({
      cmpId: args.cmpId,
      communityId: args.communityId,
      standardIds: args.standards.map((s) => s.id),
      periodFrom: args.from,
      periodTo: args.to,
      source: args.source,
      state: FeeBillRunState.Queued,
      total: chunks.length,
      createdBy: args.userId,
      createdAt: args.now,
      updatedAt: args.now,
    })
    .returning({ id: feeBillRuns.id });
  const payload: RunPayload = {
    runId: run!.id,
    cmpId: args.cmpId,
    userId: args.userId,
    periodFrom: args.from,
    periodTo: args.to,
    source: args.source,
    chunks,
  };
  return { runId: run!.id, payload };
}

export async function startRunJob(tx: Tx, auth: Auth, b: FeeBillRunBody, now: Date): Promise<number> {
  const standards = await runStandards(tx, auth, b, now);
  const { runId, payload } = await startRun(tx, {
    cmpId: auth.cmpId,
    userId: auth.userId,
    communityId: b.CommunityId,
    standards,
    from: b.PeriodFrom,
    to: b.PeriodTo,
    source: FeeBillSource.Run,
    now,
  });
  await enqueue(tx, BILL_RUN_JOB, payload, {
    cmpId: auth.cmpId,
    createdBy: auth.userId,
    lockKey: `${BILL_RUN_JOB}:${runId}`,
  });
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'fee_bill_run.start',
      entity: 'fee_bill_run',
      entityId: runId,
      detail: { ...b },
    },
    now,
  );
  return runId;
}

/**
 * Runs (or resumes) a run: chunk i is generated and the run's counters moved to Done = i + 1 in one transaction, so
 * a process killed half-way leaves whole chunks only, and the next attempt resumes at Done.
 */
export async function runChunks(deps: AppDeps, p: RunPayload, ctx?: Pick<JobContext, 'progress'>, stopAfter?: number) {
  const { db } = deps.database;
  const [run] = await db
    .select()
    .from(feeBillRuns)
    .where(and(eq(feeBillRuns.id, p.runId), eq(feeBillRuns.cmpId, p.cmpId)));
  if (!run || run.state === FeeBillRunState.Revoked || run.state === FeeBillRunState.Done) return summary(run);
  await db
    .update(feeBillRuns)
    .set({ state: FeeBillRunState.Running, updatedAt: deps.now() })
    .where(and(eq(feeBillRuns.id, p.runId), eq(feeBillRuns.cmpId, p.cmpId)));
  const standards = new Map<number, GenStandard | null>();
  for (let i = run.done; i < p.chunks.length; i += 1) {
    if (stopAfter !== undefined && i >= stopAfter) return summary(run);
    const chunk = p.chunks[i]!;
    await db
      .transaction(async (tx) => {
        if (!standards.has(chunk.standardId))
          standards.set(chunk.standardId, await loadStandard(tx, p.cmpId, chunk.standardId));
        const s = standards.get(chunk.standardId);
        const now = deps.now();
        const periods = s ? periodsOf(s, p.periodFrom, p.periodTo) : [];
        const g =
          s && periods.length
            ? await generate(tx, {
                cmpId: p.cmpId,
                standard: s,
                candidates: bindingCandidates(p.cmpId, s, periods, { buildingId: chunk.buildingId }),
                source: p.source,
                runId: p.runId,
                ctx: { cmpId: p.cmpId, userId: p.userId, at: now },
              })
            : { candidates: 0, created: 0, failed: 0, amountMoney: '0.00' };
        const moved = await tx
          .update(feeBillRuns)
          .set({
            done: i + 1,
            created: sql`${feeBillRuns.created} + ${g.created}`,
            skipped: sql`${feeBillRuns.skipped} + ${g.candidates - g.created - g.failed}`,
            failed: sql`${feeBillRuns.failed} + ${g.failed}`,
            amountMoney: sql`${feeBillRuns.amountMoney} + ${g.amountMoney}::numeric`,
            updatedAt: now,
          })
          .where(and(eq(feeBillRuns.id, p.runId), eq(feeBillRuns.cmpId, p.cmpId), eq(feeBillRuns.done, i)))
          .returning({ id: feeBillRuns.id });
        // Another worker moved past this chunk: undo ours (its inserts were skipped anyway) and stop.
        if (!moved.length) throw new ChunkTaken();
      })
      .catch((e: unknown) => {
        if (!(e instanceof ChunkTaken)) throw e;
      });
    run.done = i + 1;
    await ctx?.progress(i + 1, p.chunks.length);
  }
  const [done] = await db
    .update(feeBillRuns)
    .set({ state: FeeBillRunState.Done, finishedAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(feeBillRuns.id, p.runId), eq(feeBillRuns.cmpId, p.cmpId)))
    .returning();
  return summary(done);
}

class ChunkTaken extends Error {}

const summary = (r: typeof feeBillRuns.$inferSelect | undefined) =>
  r ? { RunId: r.id, Created: r.created, Skipped: r.skipped, Failed: r.failed, AmountMoney: r.amountMoney } : null;

export const billRunHandler: JobHandler<RunPayload> = {
  name: BILL_RUN_JOB,
  maxAttempts: 3,
  run: (deps, p, ctx) => runChunks(deps, p, ctx),
  onFailed: async (deps, p, error) => {
    await deps.database.db
      .update(feeBillRuns)
      .set({ state: FeeBillRunState.Failed, error: error.slice(0, 500), updatedAt: deps.now() })
      .where(and(eq(feeBillRuns.id, p.runId), eq(feeBillRuns.cmpId, p.cmpId)));
  },
};

/**
 * FeeBillRun/Revoke: removes a whole run's bills with their journal rows while none of them has taken money (a
 * revoked run can then be generated again, e.g. after fixing a price). Readings billed by the run go back to 已审核.
 */
export async function revokeRun(tx: Tx, auth: Auth, id: number, now: Date) {
  const [run] = await tx
    .select()
    .from(feeBillRuns)
    .where(and(eq(feeBillRuns.id, id), eq(feeBillRuns.cmpId, auth.cmpId)))
    .for('update');
  if (!run) throw notFound();
  await assertCommunity(tx, auth, run.communityId);
  if (run.state === FeeBillRunState.Revoked) throw fail('本批账单已撤销');
  if (run.state === FeeBillRunState.Queued || run.state === FeeBillRunState.Running)
    throw fail('本批账单正在生成，请稍后再试');
  const [paid] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${feeBills} where cmp_id = ${auth.cmpId} and run_id = ${id}
      and (paid_money > 0 or late_fee_paid_money > 0 or exists (select 1 from fee_payment_lines l where l.bill_id = fee_bills.id))`,
  );
  if (Number(paid?.n ?? 0) > 0) throw fail(`本批账单已有${paid!.n}笔收款，不能整批撤销`);
  const billIds = sql`(select id from ${feeBills} where cmp_id = ${auth.cmpId} and run_id = ${id})`;
  await tx
    .update(feeMeterReadings)
    .set({ state: 2, billId: null, updatedAt: now })
    .where(and(eq(feeMeterReadings.cmpId, auth.cmpId), sql`${feeMeterReadings.billId} in ${billIds}`));
  await tx.delete(feeJournal).where(and(eq(feeJournal.cmpId, auth.cmpId), sql`${feeJournal.billId} in ${billIds}`));
  const removed = await tx
    .delete(feeBills)
    .where(and(eq(feeBills.cmpId, auth.cmpId), eq(feeBills.runId, id)))
    .returning({ id: feeBills.id });
  await tx
    .update(feeBillRuns)
    .set({ state: FeeBillRunState.Revoked, updatedAt: now })
    .where(and(eq(feeBillRuns.id, id), eq(feeBillRuns.cmpId, auth.cmpId)));
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'fee_bill_run.revoke',
      entity: 'fee_bill_run',
      entityId: id,
      detail: { Bills: removed.length },
    },
    now,
  );
  return { Id: id, Removed: removed.length };
}
