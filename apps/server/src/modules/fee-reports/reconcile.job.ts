import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { notify } from '../messages/notify';
import { resolveDates, type ReportScope } from './filters';
import { failureText, reconcile } from './reconcile';

const JOB_TIME_ZONE = 'Asia/Shanghai';

/** The day before `day` ('YYYY-MM-DD'). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * 03:00 对账检查 (fee-reports.md "Jobs and events"): yesterday across all communities of every company with fee
 * activity; any ✗ sends MsgType 3 (opens 收款记录) to the sfgl_sfbb holders, one message naming the first failure:
 * '对账异常：5月20日 收款方式汇总与收款单相差¥60.00'.
 */
export const feeReconcileJob: JobDef = {
  name: 'fee.reconcile',
  schedule: { dailyAt: '03:00' },
  async run(deps, { runKey, now, cmpId }) {
    const db = deps.database.db;
    const today =
      runKey.length === 10 ? runKey : new Intl.DateTimeFormat('en-CA', { timeZone: JOB_TIME_ZONE }).format(now);
    const day = dayBefore(today);
    const companies = await sqlRows<{ cmp_id: number; ids: number[] }>(
      db,
      sql`select c.cmp_id, array_agg(c.id order by c.id) as ids from communities c
          where exists (select 1 from fee_receipt_seqs s where s.cmp_id = c.cmp_id) and ${cmpIs(cmpId, sql`c.cmp_id`)}
          group by c.cmp_id order by c.cmp_id`,
    );
    let failed = 0;
    for (const c of companies) {
      const scope: ReportScope = {
        cmpId: c.cmp_id,
        communityIds: c.ids.map(Number),
        tz: JOB_TIME_ZONE,
        now,
        today,
      };
      // The job reads as the company's system: every community, no person (nothing here writes but the message).
      const auth = { cmpId: c.cmp_id, userId: 0, name: '系统', timeZone: JOB_TIME_ZONE, isAdmin: true } as Auth;
      const { Checks } = await reconcile(db, auth, scope, resolveDates({ DateFrom: day, DateTo: day }, scope));
      const bad = Checks.find((k) => !k.Ok);
      if (!bad) continue;
      failed += 1;
      const [, m, d] = day.split('-').map(Number);
      await db.transaction((tx) =>
        notify(tx, {
          cmpId: c.cmp_id,
          roleKey: 'sfgl_sfbb',
          msgType: 3,
          title: `对账异常：${m}月${d}日 ${failureText(bad)}`,
        }),
      );
    }
    return { Day: day, Companies: companies.length, Failed: failed };
  },
};
