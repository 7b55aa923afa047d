import { fenToMoney, toFen } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { idList } from '../../core/filters';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { jfxm } from './cash-reports';
import { costCollectReport } from './cost-collect';
import { costDetailsReport } from './cost-details';
import { daily } from './daily-report';
import type { DateWindow, ReportScope } from './filters';
import { within } from './measures';
import { methodCollectDef } from './method-collect';
import {
  billsMatchJournal,
  type Check,
  check,
  handoversMatchPayments,
  linesMatchJournal,
  prepaidMatchTxns,
  receiptNumbersGapless,
  type Sample,
  tendersMatchLines,
} from './reconcile-checks';
import { type ReportDef, reportSum } from './report-kit';

/**
 * /api/FeeReport/Reconcile (fee-reports.md 对账检查): seven checks over a window and communities. Check 6 runs each
 * report's own 合计 (the kit's Sum of its definition, what its screen and export show) and compares it with the stored
 * tenders and bill lines, so a report that computes a figure another way than the rows fails here.
 */
export interface ReportTotal {
  /** The report's short name as the alert says it ('收款方式汇总'). */
  name: string;
  /** Compared with Σ tenders ('tenders') or with Σ bill-line money ('lines'). */
  against: 'tenders' | 'lines';
  total(q: TotalQuery): Promise<string>;
}

export interface TotalQuery {
  db: Tx;
  auth: Auth;
  scope: ReportScope;
  dates: DateWindow;
}

const add = (...xs: unknown[]) => fenToMoney(xs.reduce<number>((s, x) => s + toFen(String(x ?? '0')), 0));

/** The 合计 of a report over the window, through the kit (its own query). */
async function sumOf(def: object, q: TotalQuery, filters: unknown = q.dates) {
  const d = def as ReportDef<never, unknown>;
  return reportSum(d, { db: q.db, auth: q.auth, body: {} as never, filters, scope: q.scope });
}

/** The totals check 6 compares (fee-reports.md 对账检查 6), each report's 合计 through the kit. */
export const reportTotals: ReportTotal[] = [
  {
    name: '收款方式汇总',
    against: 'tenders',
    total: async (q) => String((await sumOf(methodCollectDef(0), q)).NetMoney),
  },
  {
    name: '收费日报',
    against: 'tenders',
    total: async (q) => String((await sumOf(daily, q, { dates: q.dates })).TotalMoney),
  },
  { name: '收费明细', against: 'tenders', total: async (q) => String((await sumOf(costDetailsReport, q)).PaidMoney) },
  {
    name: '收费汇总',
    against: 'tenders',
    total: async (q) => {
      const s = await sumOf(costCollectReport, q);
      return add(s.FeePaidMoney, s.PrepaidTopUpMoney, s.MeterTopUpMoney);
    },
  },
  {
    name: '缴费项目统计',
    against: 'lines',
    total: async (q) => String((await sumOf(jfxm, q, { dates: q.dates })).FeePaidMoney),
  },
  {
    name: '收费汇总费用实收',
    against: 'lines',
    total: async (q) => String((await sumOf(costCollectReport, q)).FeePaidMoney),
  },
];

const ids = (s: ReportScope) => sql`${idList(s.communityIds)}::int[]`;

/** Σ tenders posted in the window (payments by their community, reversals by the request's): the stored rows. */
async function tenderTotal(db: Tx, s: ReportScope, w: DateWindow): Promise<string> {
  const [r] = await sqlRows<{ s: string }>(
    db,
    sql`select coalesce(sum(t.amount_money), 0)::numeric(14,2)::text as s from fee_payment_tenders t
        left join fee_payments p on p.id = t.payment_id left join fee_reversals v on v.id = t.reversal_id
        where t.cmp_id = ${s.cmpId} and coalesce(p.community_id, v.community_id) = any(${ids(s)})
          and ${within(sql`t.created_at`, w)}`,
  );
  return r!.s;
}

/** Σ bill-line money posted in the window: the window's payments' bill lines less those voided or refunded in it. */
async function billLineTotal(db: Tx, s: ReportScope, w: DateWindow): Promise<string> {
  const [r] = await sqlRows<{ s: string }>(
    db,
    sql`select ((select coalesce(sum(l.line_money), 0) from fee_payment_lines l join fee_payments p on p.id = l.payment_id
          where l.cmp_id = ${s.cmpId} and l.line_type = 1 and p.community_id = any(${ids(s)})
            and ${within(sql`p.created_at`, w)})
        - (select coalesce(sum(case when v.reversal_type = 1 then l.line_money else (select coalesce(sum((e->>'RefundMoney')::numeric), 0)
              from jsonb_array_elements(v.lines) e where (e->>'PaymentLineId')::int = l.id) end), 0)
          from fee_reversals v join fee_payment_lines l on l.payment_id = v.payment_id and l.line_type = 1
          where v.cmp_id = ${s.cmpId} and v.state = 2 and v.reversal_type in (1, 2)
            and v.community_id = any(${ids(s)}) and ${within(sql`v.approve_time`, w)}))::numeric(14,2)::text as s`,
  );
  return r!.s;
}

async function reportsMatch(q: TotalQuery): Promise<Check> {
  const tenders = await tenderTotal(q.db, q.scope, q.dates);
  const lines = await billLineTotal(q.db, q.scope, q.dates);
  const samples: Sample[] = [];
  let [expected, actual] = [tenders, tenders];
  for (const r of reportTotals) {
    const total = await r.total(q);
    const base = r.against === 'tenders' ? tenders : lines;
    if (toFen(total) === toFen(base)) continue;
    const what = r.against === 'tenders' ? '收款单' : '账单收款明细';
    const gap = fenToMoney(Math.abs(toFen(total) - toFen(base)));
    samples.push({ Ref: r.name, Text: `${r.name}与${what}相差¥${gap}（报表¥${total}，${what}¥${base}）` });
    if (samples.length === 1) [expected, actual] = [base, total];
  }
  return check(6, '报表合计与收款一致', expected, actual, samples);
}

export async function reconcile(
  db: Tx,
  auth: Auth,
  scope: ReportScope,
  dates: DateWindow,
): Promise<{ Checks: Check[] }> {
  return {
    Checks: [
      await tendersMatchLines(db, scope, dates),
      await linesMatchJournal(db, scope, dates),
      await billsMatchJournal(db, scope, dates),
      await prepaidMatchTxns(db, scope),
      await receiptNumbersGapless(db, scope.cmpId),
      await reportsMatch({ db, auth, scope, dates }),
      await handoversMatchPayments(db, scope, dates),
    ],
  };
}

/** The alert line of a failed check: '收款方式汇总与收款单相差¥60.00' (check 6 names the report). */
export function failureText(c: Check): string {
  if (c.Code === 6 && c.Samples[0]) return c.Samples[0].Text.replace(/（.*$/, '');
  if (c.Code === 5) return `${c.Name}：${c.Samples.map((s) => s.Ref).join('、')}`;
  return `${c.Name}相差¥${fenToMoney(Math.abs(toFen(c.DiffMoney)))}`;
}
