import {
  FeeKind,
  FeePriceMethod,
  FORMULA_DIVISION_PLACES,
  type FormulaNode,
  type FormulaVariable,
  parseFormula,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL twin of packages/shared fee-pricing.ts `priceBill`: a bill's amount as one parameterised expression over
 * the payer's row, so the generator prices a whole building in one INSERT … SELECT. Every literal of a standard
 * (prices, tiers, formula numbers) travels as a bound parameter, never as SQL text.
 */

export interface PricedStandard {
  kind: number;
  priceMethod: number;
  unitPrice: string;
  fixedMoney: string;
  tiers: { UpTo: string | null; UnitPrice: string }[];
  formula: string;
  cycleMonths: number;
  decimals: number;
  roundMode: number;
}

/** The payer's values the price reads (null where the payer has none: a vehicle has no area). */
export type PriceVars = Record<FormulaVariable, SQL>;

const num = (v: string | number) => sql`${String(v)}::numeric`;

/** Compiles a formula AST; a division by zero yields NULL (the payer is 无法计费), as the decimal evaluator refuses. */
export function formulaSql(node: FormulaNode, vars: PriceVars): SQL {
  switch (node.kind) {
    case 'num':
      return num(node.value);
    case 'var':
      return sql`(${vars[node.name]})`;
    case 'neg':
      return sql`(-${formulaSql(node.arg, vars)})`;
    case 'bin': {
      const l = formulaSql(node.left, vars);
      const r = formulaSql(node.right, vars);
      if (node.op === '/') return sql`round((${l}) / nullif(${r}, 0), ${sql.raw(String(FORMULA_DIVISION_PLACES))})`;
      return sql`(${l} ${sql.raw(node.op)} ${r})`;
    }
    case 'cmp':
      return sql`(case when ${condSql(node, vars)} then 1::numeric else 0::numeric end)`;
    case 'call': {
      const args = node.args.map((a) => formulaSql(a, vars));
      if (node.fn === 'if') return sql`(case when ${condSql(node.args[0]!, vars)} then ${args[1]} else ${args[2]} end)`;
      if (node.fn === 'round') {
        const places = node.args[1]?.kind === 'num' ? Number(node.args[1].value) : 0;
        return sql`round(${args[0]}, ${sql.raw(String(Math.max(0, Math.min(4, Math.trunc(places)))))})`;
      }
      return sql`${sql.raw(node.fn === 'min' ? 'least' : 'greatest')}(${sql.join(args, sql`, `)})`;
    }
  }
}

function condSql(node: FormulaNode, vars: PriceVars): SQL {
  if (node.kind !== 'cmp') return sql`(${formulaSql(node, vars)}) <> 0`;
  const op = node.op === '==' ? '=' : node.op === '!=' ? '<>' : node.op;
  return sql`(${formulaSql(node.left, vars)} ${sql.raw(op)} ${formulaSql(node.right, vars)})`;
}

/** Tiered amount over a usage expression: Σ band × price. */
export function tieredSql(usage: SQL, tiers: PricedStandard['tiers']): SQL {
  let lower = '0';
  const parts = tiers.map((t) => {
    const from = lower;
    const top = t.UpTo === null ? usage : sql`least(${usage}, ${num(t.UpTo)})`;
    if (t.UpTo !== null) lower = t.UpTo;
    return sql`greatest(0, ${top} - ${num(from)}) * ${num(t.UnitPrice)}`;
  });
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`null::numeric`;
}

/** The amount before rounding and why a payer cannot be priced (null when it can). */
export function baseAmountSql(s: PricedStandard, vars: PriceVars): { amount: SQL; quantity: SQL; reason: SQL } {
  const price = num(s.unitPrice);
  switch (s.priceMethod) {
    case FeePriceMethod.BuildArea:
    case FeePriceMethod.InnerArea: {
      const area = s.priceMethod === FeePriceMethod.BuildArea ? vars.area : vars.inner;
      return {
        amount: sql`(${area}) * ${price}`,
        quantity: sql`coalesce(${area}, 0)`,
        reason: sql`case when coalesce(${area}, 0) <= 0 then '面积为0' end`,
      };
    }
    case FeePriceMethod.Fixed:
      return { amount: num(s.fixedMoney), quantity: sql`1::numeric`, reason: sql`null::text` };
    case FeePriceMethod.Usage:
      return {
        amount: sql`(${vars.usage}) * ${price}`,
        quantity: sql`coalesce(${vars.usage}, 0)`,
        reason: sql`case when ${vars.usage} is null then '未抄表' end`,
      };
    case FeePriceMethod.Tiered:
      return {
        amount: tieredSql(vars.usage, s.tiers),
        quantity: sql`coalesce(${vars.usage}, 0)`,
        reason: sql`case when ${vars.usage} is null then '未抄表' end`,
      };
    default: {
      const safe: PriceVars = {
        area: sql`coalesce(${vars.area}, 0)`,
        inner: sql`coalesce(${vars.inner}, 0)`,
        coef: sql`coalesce(${vars.coef}, 1)`,
        floor: sql`coalesce(${vars.floor}, 0)`,
        usage: sql`coalesce(${vars.usage}, 0)`,
        price,
      };
      const f = formulaSql(parseFormula(s.formula), safe);
      return {
        amount: sql`greatest(0, ${f})`,
        quantity: sql`coalesce(${vars.area}, 0)`,
        reason: sql`case when (${f}) is null then '公式计算结果无效' end`,
      };
    }
  }
}

/** Rounds once with the standard's decimals and mode (四舍五入 = PostgreSQL's half-away-from-zero round). */
export function roundSql(x: SQL, decimals: number, mode: number): SQL {
  const d = sql.raw(String(Math.max(0, Math.min(2, decimals))));
  if (mode === 2) return sql`(ceil((${x}) * power(10::numeric, ${d})) / power(10::numeric, ${d}))::numeric(14,2)`;
  if (mode === 3) return sql`trunc(${x}, ${d})::numeric(14,2)`;
  return sql`round(${x}, ${d})::numeric(14,2)`;
}

/**
 * A bill's amount: base × CycleMonths for periodic items, × billedDays ÷ periodDays when prorated (multiplied
 * before dividing, as the decimal pricing does), rounded once.
 */
export function billAmountSql(s: PricedStandard, base: SQL, prorate?: { days: SQL; periodDays: SQL }): SQL {
  let x = s.kind === FeeKind.Periodic && s.cycleMonths > 1 ? sql`(${base}) * ${s.cycleMonths}` : base;
  if (prorate) x = sql`round((${x}) * ${prorate.days} / (${prorate.periodDays}), 8)`;
  return roundSql(x, s.decimals, s.roundMode);
}
