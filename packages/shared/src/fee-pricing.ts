import { type Dec, dec, decAdd, decCmp, decDiv, decMoney, decMul, decPlain, decSub, type RoundMode } from './decimal';
import { evalFormula, type FormulaVariable, parseFormula } from './fee-formula';
import { FEE_ROUND_MODE, FeeKind, FeePriceMethod } from './api/fee-enums';

/**
 * The price of one bill (domain/fees.md "Periods and amounts"), in exact decimal with the steps 试算 shows. The
 * server's generator computes the same in SQL (modules/fees/pricing-sql.ts); fees tests hold the two together.
 */

export interface TierInput {
  UpTo: string | number | null;
  UnitPrice: string | number;
}

export const MSG_TIERS = '阶梯区间须连续递增，最后一档不设上限';

/** Tiers are cumulative upper bounds, strictly increasing, the last one open (null). */
export function checkTiers(tiers: readonly TierInput[]): string | null {
  if (!tiers.length) return MSG_TIERS;
  let last: Dec = dec(0);
  for (const [i, t] of tiers.entries()) {
    const isLast = i === tiers.length - 1;
    const blank = t.UpTo === null || t.UpTo === '';
    if (isLast !== blank) return MSG_TIERS;
    if (!blank) {
      const up = dec(t.UpTo!);
      if (decCmp(up, last) <= 0) return MSG_TIERS;
      last = up;
    }
    if (decCmp(t.UnitPrice, 0) < 0) return MSG_TIERS;
  }
  return null;
}

export interface PricingStandard {
  Kind: number;
  PriceMethod: number;
  UnitPrice: string;
  FixedMoney: string;
  Tiers: TierInput[];
  Formula: string;
  CycleMonths: number;
  Decimals: number;
  RoundMode: number;
}

export interface PricingInput {
  Area: string;
  InnerArea: string;
  Coef: string;
  Floor: string;
  Usage: string;
  /** Days billed ÷ days of the period, when the first period is prorated. */
  ProrateDays?: number;
  PeriodDays?: number;
}

const fmt = (d: Dec | string | number) => decPlain(d);

/** Tiered amount: each band's usage × its price. */
export function tieredAmount(usage: string, tiers: readonly TierInput[], steps?: string[]): Dec {
  let total: Dec = dec(0);
  let lower: Dec = dec(0);
  for (const t of tiers) {
    if (decCmp(usage, lower) <= 0) break;
    const upper = t.UpTo === null || t.UpTo === '' ? dec(usage) : dec(t.UpTo);
    const top = decCmp(usage, upper) < 0 ? dec(usage) : upper;
    const band = decSub(top, lower);
    const part = decMul(band, t.UnitPrice);
    steps?.push(
      `${fmt(lower)}–${t.UpTo === null || t.UpTo === '' ? '以上' : fmt(upper)}：${fmt(band)} × ${fmt(t.UnitPrice)} = ${fmt(part)}`,
    );
    total = decAdd(total, part);
    lower = upper;
  }
  return total;
}

/** Whether the standard prices one bill per period (× CycleMonths) rather than once or per reading. */
export const isPeriodic = (s: Pick<PricingStandard, 'Kind'>) => s.Kind === FeeKind.Periodic;

/**
 * The bill amount with its steps. `unpriced` names why a payer cannot be billed (面积为0, 未抄表) — the preview's
 * 无法计费 reasons.
 */
export function priceBill(
  s: PricingStandard,
  input: PricingInput,
): { AmountMoney: string; Quantity: string; Steps: string[]; unpriced?: string } {
  const steps: string[] = [];
  let base: Dec;
  let quantity: string;
  switch (s.PriceMethod) {
    case FeePriceMethod.BuildArea:
    case FeePriceMethod.InnerArea: {
      const inner = s.PriceMethod === FeePriceMethod.InnerArea;
      const area = inner ? input.InnerArea : input.Area;
      if (!area || decCmp(area, 0) <= 0)
        return { AmountMoney: '0.00', Quantity: '0', Steps: steps, unpriced: '面积为0' };
      base = decMul(area, s.UnitPrice);
      quantity = area;
      steps.push(`${inner ? '套内面积' : '建筑面积'} ${fmt(area)} × 单价 ${fmt(s.UnitPrice)} = ${fmt(base)}`);
      break;
    }
    case FeePriceMethod.Fixed:
      base = dec(s.FixedMoney);
      quantity = '1';
      steps.push(`固定金额 ${fmt(base)}`);
      break;
    case FeePriceMethod.Usage:
      if (input.Usage === '') return { AmountMoney: '0.00', Quantity: '0', Steps: steps, unpriced: '未抄表' };
      base = decMul(input.Usage, s.UnitPrice);
      quantity = input.Usage;
      steps.push(`用量 ${fmt(input.Usage)} × 单价 ${fmt(s.UnitPrice)} = ${fmt(base)}`);
      break;
    case FeePriceMethod.Tiered:
      if (input.Usage === '') return { AmountMoney: '0.00', Quantity: '0', Steps: steps, unpriced: '未抄表' };
      quantity = input.Usage;
      base = tieredAmount(input.Usage, s.Tiers, steps);
      steps.push(`阶梯合计 = ${fmt(base)}`);
      break;
    default: {
      const ast = parseFormula(s.Formula);
      const vars: Record<FormulaVariable, string> = {
        area: input.Area || '0',
        inner: input.InnerArea || '0',
        coef: input.Coef || '1',
        floor: input.Floor || '0',
        usage: input.Usage || '0',
        price: s.UnitPrice || '0',
      };
      base = evalFormula(ast, vars);
      quantity = input.Area || '0';
      steps.push(`${s.Formula} = ${fmt(base)}`);
      if (decCmp(base, 0) < 0) {
        base = dec(0);
        steps.push('结果为负，按0计');
      }
    }
  }
  let amount = base;
  if (isPeriodic(s) && s.CycleMonths > 1) {
    amount = decMul(amount, s.CycleMonths);
    steps.push(`× 周期 ${s.CycleMonths} 个月 = ${fmt(amount)}`);
  }
  if (input.ProrateDays !== undefined && input.PeriodDays && input.ProrateDays < input.PeriodDays) {
    amount = decDiv(decMul(amount, input.ProrateDays), input.PeriodDays, 8, 1);
    steps.push(`× ${input.ProrateDays}/${input.PeriodDays} 天 = ${fmt(amount)}`);
  }
  const mode = (s.RoundMode || 1) as RoundMode;
  const money = decMoney(amount, s.Decimals, mode);
  steps.push(`${FEE_ROUND_MODE[mode]}保留${s.Decimals}位小数 = ${money}`);
  return { AmountMoney: money, Quantity: quantity, Steps: steps };
}
