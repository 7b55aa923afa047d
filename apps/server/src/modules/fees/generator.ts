import { FeeBillState, FeePayerType, FeePriceMethod } from '@linli/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { feeBills, feeItems, feeStandards } from '../../db/schema';
import { billedJournalInsert, type JournalContext } from './journal';
import { otherPayerNameSql } from './payer-names';
import type { BillPeriod } from './periods';
import { baseAmountSql, billAmountSql, type PricedStandard, type PriceVars } from './pricing-sql';

/**
 * The one bill generator (domain/fees.md "Generation"): candidates (payer × period with quantity, amount and the
 * reason a payer cannot be priced) come from a SELECT; one `INSERT … SELECT … ON CONFLICT DO NOTHING` writes the
 * new bills and, from its RETURNING rows, their 出账 journal rows in the same statement. Bill runs, the 01:00 job,
 * 预缴 and meter 出账 all go through `generate`; `preview` counts the same candidates without writing.
 */

export type GenStandard = typeof feeStandards.$inferSelect & { kind: number; itemName: string };

export async function loadStandard(tx: Tx, cmpId: number, id: number): Promise<GenStandard | null> {
  const [r] = await tx
    .select({ s: feeStandards, kind: feeItems.kind, itemName: feeItems.itemName })
    .from(feeStandards)
    .innerJoin(feeItems, eq(feeItems.id, feeStandards.itemId))
    .where(and(eq(feeStandards.id, id), eq(feeStandards.cmpId, cmpId)));
  return r ? { ...r.s, kind: r.kind, itemName: r.itemName } : null;
}

export const priced = (s: GenStandard): PricedStandard => ({
  kind: s.kind,
  priceMethod: s.priceMethod,
  unitPrice: s.unitPrice,
  fixedMoney: s.fixedMoney,
  tiers: s.tiers.map((t) => ({
    UpTo: t.UpTo === null || t.UpTo === '' ? null : String(t.UpTo),
    UnitPrice: String(t.UnitPrice),
  })),
  formula: s.formula,
  cycleMonths: s.cycleMonths,
  decimals: s.decimals,
  roundMode: s.roundMode,
});

/** The columns every candidate SELECT answers (aliases the insert and the preview read). */
export const CANDIDATE_COLUMNS =
  'payer_type, payer_id, room_id, building_id, community_id, payer_name, period, period_start, period_end, bill_date, due_date, quantity, amount, reason';

const periodsJson = (periods: BillPeriod[]) =>
  JSON.stringify(periods.map((p) => ({ period: p.period, ps: p.start, pe: p.end, bd: p.billDate, dd: p.dueDate })));

/** A room payer's price variables; other payers have no area, coefficient or floor. */
const roomVars = (usage: SQL): PriceVars => ({
  area: sql`r.build_area`,
  inner: sql`r.inner_area`,
  coef: sql`r.fee_coefficient`,
  floor: sql`r.floor`,
  usage,
  price: sql`null`,
});

export interface BindingScope {
  /** One building's rooms (a chunk); null = the payers without a building (spaces, vehicles, ads). */
  buildingId?: number | null;
  /** Only these payers (预缴). */
  payer?: { payerType: number; payerId: number };
}

/** Candidates of a periodic / one-off standard: its bindings active in each period × the periods. */
export function bindingCandidates(cmpId: number, s: GenStandard, periods: BillPeriod[], scope: BindingScope): SQL {
  const p = priced(s);
  const base = baseAmountSql(p, roomVars(sql`null::numeric`));
  const amount = billAmountSql(
    p,
    base.amount,
    s.prorateFirst
      ? {
          days: sql`(case when fb.start_date > p.ps then p.pe - fb.start_date + 1 else p.pe - p.ps + 1 end)`,
          periodDays: sql`(p.pe - p.ps + 1)`,
        }
      : undefined,
  );
  const building =
    scope.buildingId === undefined
      ? sql``
      : scope.buildingId === null
        ? sql`and fb.building_id is null`
        : sql`and fb.building_id = ${scope.buildingId}`;
  const payer = scope.payer
    ? sql`and fb.payer_type = ${scope.payer.payerType} and fb.payer_id = ${scope.payer.payerId}`
    : sql``;
  return sql`select fb.payer_type, fb.payer_id, fb.room_id, coalesce(r.building_id, fb.building_id) as building_id,
      fb.community_id,
      (case when fb.payer_type = ${FeePayerType.Room} then coalesce(r.full_name, '') else ${otherPayerNameSql(sql`fb.payer_type`, sql`fb.payer_id`, sql`${cmpId}`)} end)::varchar(80) as payer_name,
      p.period, p.ps as period_start, p.pe as period_end, p.bd as bill_date, p.dd as due_date,
      ${base.quantity} as quantity, ${amount} as amount,
      (case when fb.payer_type = ${FeePayerType.Room} and r.id is null then '房间不存在' else ${base.reason} end) as reason
    from fee_bindings fb
    left join rooms r on fb.payer_type = ${FeePayerType.Room} and r.id = fb.payer_id and r.cmp_id = ${cmpId}
    cross join jsonb_to_recordset(${periodsJson(periods)}::jsonb) as p(period text, ps date, pe date, bd date, dd date)
    where fb.cmp_id = ${cmpId} and fb.standard_id = ${s.id} ${building} ${payer}
      and fb.start_date <= p.pe and (fb.end_date is null or fb.end_date >= p.ps)`;
}

export interface GenerateArgs {
  cmpId: number;
  standard: GenStandard;
  candidates: SQL;
  source: number;
  runId?: number | null;
  ctx: JournalContext;
  /** The period key of a one-off bill is 'T' + a sequence number (each one-off bill is its own key). */
  oneOff?: boolean;
}

export interface GenerateResult {
  candidates: number;
  created: number;
  failed: number;
  amountMoney: string;
  billIds: number[];
}

/** Writes the candidates' new bills and their 出账 rows in one statement; existing keys are skipped. */
export async function generate(tx: Tx, a: GenerateArgs): Promise<GenerateResult> {
  const s = a.standard;
  const period = a.oneOff ? sql`'T' || nextval('fee_temp_period_seq')` : sql`c.period`;
  const [r] = await sqlRows<{ total: number; failed: number; created: number; amount: string; ids: number[] | null }>(
    tx,
    sql`with c as (${a.candidates}),
      ins as (
        insert into ${feeBills} (cmp_id, community_id, building_id, room_id, payer_type, payer_id, payer_name, item_id,
          standard_id, period, period_start, period_end, bill_date, due_date, quantity, unit_price, amount_money, state,
          run_id, source, created_by, created_at, updated_at)
        select ${a.cmpId}, c.community_id, c.building_id, c.room_id, c.payer_type, c.payer_id, c.payer_name, ${s.itemId},
          ${s.id}, ${period}, c.period_start, c.period_end, c.bill_date, c.due_date, c.quantity,
          ${unitPriceOf(s)}::numeric, c.amount,
          case when c.amount = 0 then ${FeeBillState.Paid}::int else ${FeeBillState.Unpaid}::int end,
          ${a.runId ?? null}, ${a.source}, ${a.ctx.userId}, ${a.ctx.at}, ${a.ctx.at}
        from c where c.reason is null
        on conflict (cmp_id, payer_type, payer_id, standard_id, period) do nothing
        returning *
      ),
      j as (${billedJournalInsert(sql`ins`, a.ctx)})
      select (select count(*)::int from c) as total,
        (select count(*)::int from c where c.reason is not null) as failed,
        (select count(*)::int from ins) as created,
        (select coalesce(sum(amount_money), 0)::numeric(14,2)::text from ins) as amount,
        (select array_agg(id order by id) from ins) as ids`,
  );
  return {
    candidates: Number(r?.total ?? 0),
    failed: Number(r?.failed ?? 0),
    created: Number(r?.created ?? 0),
    amountMoney: r?.amount ?? '0.00',
    billIds: (r?.ids ?? []).map(Number),
  };
}

/** The unit price a bill shows: the standard's price, or its fixed money for 固定. */
const unitPriceOf = (s: GenStandard) => (s.priceMethod === FeePriceMethod.Fixed ? s.fixedMoney : s.unitPrice);

export interface PreviewCounts {
  toCreate: number;
  existing: number;
  failed: number;
  amountMoney: string;
  failures: { PayerName: string; Reason: string }[];
  samples: Record<string, unknown>[];
}

/** Counts what `generate` would do with the same candidates, with up to 20 failures and 20 sample rows. */
export async function preview(tx: Tx, cmpId: number, s: GenStandard, candidates: SQL): Promise<PreviewCounts> {
  const [r] = await sqlRows<{
    to_create: number;
    existing: number;
    failed: number;
    amount: string;
    failures: { PayerName: string; Reason: string }[] | null;
    samples: Record<string, unknown>[] | null;
  }>(
    tx,
    sql`with c as (
        select c0.*, exists (select 1 from ${feeBills} b where b.cmp_id = ${cmpId} and b.payer_type = c0.payer_type
          and b.payer_id = c0.payer_id and b.standard_id = ${s.id} and b.period = c0.period) as present
        from (${candidates}) c0
      )
      select count(*) filter (where not present and reason is null)::int as to_create,
        count(*) filter (where present)::int as existing,
        count(*) filter (where not present and reason is not null)::int as failed,
        coalesce(sum(amount) filter (where not present and reason is null), 0)::numeric(14,2)::text as amount,
        (select jsonb_agg(f) from (select payer_name as "PayerName", reason as "Reason" from c
          where not present and reason is not null order by payer_name limit 20) f) as failures,
        (select jsonb_agg(x) from (select payer_type as "PayerType", payer_id as "PayerId", payer_name as "PayerName",
          period as "Period", to_char(period_start, 'YYYY-MM-DD') as "PeriodStart",
          to_char(period_end, 'YYYY-MM-DD') as "PeriodEnd", to_char(bill_date, 'YYYY-MM-DD') as "BillDate",
          to_char(due_date, 'YYYY-MM-DD') as "DueDate", quantity::text as "Quantity",
          amount::numeric(14,2)::text as "AmountMoney"
          from c where not present and reason is null order by payer_name, period limit 20) x) as samples
      from c`,
  );
  return {
    toCreate: Number(r?.to_create ?? 0),
    existing: Number(r?.existing ?? 0),
    failed: Number(r?.failed ?? 0),
    amountMoney: r?.amount ?? '0.00',
    failures: r?.failures ?? [],
    samples: r?.samples ?? [],
  };
}
