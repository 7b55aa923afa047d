import { describe, expect, it } from 'vitest';
import { decText } from './decimal';
import { checkFormula, evalFormula, formulaVariables, parseFormula } from './fee-formula';
import { checkTiers, MSG_TIERS, priceBill, type PricingStandard } from './fee-pricing';

const vars = { area: '89.37', inner: '75', coef: '1.2', floor: '12', usage: '35', price: '2.5' };
const run = (f: string) => decText(evalFormula(parseFormula(f), vars));

describe('formula language', () => {
  it('evaluates in exact decimal with precedence and functions', () => {
    expect(run('area*0.15*coef')).toBe('16.08660');
    expect(run('area * price + 1')).toBe('224.425');
    expect(run('-(1+2)*3')).toBe('-9');
    expect(run('max(area, 100) - min(1, 2, 0.5)')).toBe('99.5');
    expect(run('round(area/3, 2)')).toBe('29.79');
    expect(run('if(floor >= 10, 2, 1) * area')).toBe('178.74');
    expect(run('if(usage == 35, 1, 0)')).toBe('1');
    expect(run('0.1+0.2')).toBe('0.3');
  });

  it('names the character of a malformed formula', () => {
    expect(checkFormula('area*price+')).toBe('公式格式错误：第12个字符');
    expect(checkFormula('area**price')).toBe('公式格式错误：第6个字符');
    expect(checkFormula('(area*2')).toBe('公式格式错误：第8个字符');
    expect(checkFormula('area#2')).toBe('公式格式错误：第5个字符');
    expect(checkFormula('1.2.3')).toBe('公式格式错误：第4个字符');
    expect(checkFormula('round(area, coef)')).toBe('公式格式错误：第17个字符');
    expect(checkFormula('area > 1')).toBe('公式格式错误：第1个字符');
  });

  it('names an unknown variable or function', () => {
    expect(checkFormula('area*rate')).toBe('公式中存在未知变量：rate');
    expect(checkFormula('eval(1)')).toBe('公式中存在未知函数：eval');
    expect(checkFormula('constructor')).toBe('公式中存在未知变量：constructor');
    expect(checkFormula('')).toBe('请输入计费公式');
  });

  it('lists the variables read', () => {
    expect([...formulaVariables(parseFormula('usage*price+area'))].sort()).toEqual(['area', 'price', 'usage']);
  });

  it('refuses division by zero', () => {
    expect(() => run('area/(coef-1.2)')).toThrow('除数为0');
  });
});

const std = (over: Partial<PricingStandard>): PricingStandard => ({
  Kind: 1,
  PriceMethod: 1,
  UnitPrice: '2.5000',
  FixedMoney: '0',
  Tiers: [],
  Formula: '',
  CycleMonths: 1,
  Decimals: 2,
  RoundMode: 1,
  ...over,
});
const input = { Area: '89.37', InnerArea: '', Coef: '1', Floor: '3', Usage: '' };

describe('bill pricing', () => {
  it('89.37 × 2.50 = 223.43; prorated from Feb 15 (14/28) = 111.71', () => {
    expect(priceBill(std({}), input).AmountMoney).toBe('223.43');
    expect(priceBill(std({}), { ...input, ProrateDays: 14, PeriodDays: 28 }).AmountMoney).toBe('111.71');
  });

  it('rounds with the standard mode and decimals', () => {
    expect(priceBill(std({ RoundMode: 2, Decimals: 0 }), input).AmountMoney).toBe('224.00');
    expect(priceBill(std({ RoundMode: 3, Decimals: 1 }), input).AmountMoney).toBe('223.40');
  });

  it('tiers 0–20 @3.45, 20–30 @4.83, >30 @6.21 for 35 m³ = 148.35', () => {
    const tiers = [
      { UpTo: '20', UnitPrice: '3.45' },
      { UpTo: '30', UnitPrice: '4.83' },
      { UpTo: null, UnitPrice: '6.21' },
    ];
    const r = priceBill(std({ Kind: 3, PriceMethod: 5, Tiers: tiers }), { ...input, Usage: '35' });
    expect(r.AmountMoney).toBe('148.35');
    expect(r.Steps.length).toBeGreaterThan(3);
    expect(priceBill(std({ Kind: 3, PriceMethod: 5, Tiers: tiers }), { ...input, Usage: '12' }).AmountMoney).toBe(
      '41.40',
    );
  });

  it('periodic fixed prices are per month × CycleMonths (停车费 300 × 3 = 900.00)', () => {
    expect(priceBill(std({ PriceMethod: 3, FixedMoney: '300.00', CycleMonths: 3 }), input).AmountMoney).toBe('900.00');
    expect(priceBill(std({ Kind: 4, PriceMethod: 3, FixedMoney: '2000.00', CycleMonths: 3 }), input).AmountMoney).toBe(
      '2000.00',
    );
  });

  it('a negative formula becomes 0; missing area or reading cannot be billed', () => {
    expect(priceBill(std({ PriceMethod: 6, Formula: 'area-1000' }), input).AmountMoney).toBe('0.00');
    expect(priceBill(std({ PriceMethod: 2 }), input).unpriced).toBe('面积为0');
    expect(priceBill(std({ PriceMethod: 4 }), input).unpriced).toBe('未抄表');
  });

  it('checks tiers', () => {
    expect(
      checkTiers([
        { UpTo: '20', UnitPrice: '1' },
        { UpTo: null, UnitPrice: '2' },
      ]),
    ).toBeNull();
    expect(
      checkTiers([
        { UpTo: '20', UnitPrice: '1' },
        { UpTo: '10', UnitPrice: '2' },
        { UpTo: null, UnitPrice: '2' },
      ]),
    ).toBe(MSG_TIERS);
    expect(checkTiers([{ UpTo: '20', UnitPrice: '1' }])).toBe(MSG_TIERS);
    expect(
      checkTiers([
        { UpTo: null, UnitPrice: '1' },
        { UpTo: null, UnitPrice: '2' },
      ]),
    ).toBe(MSG_TIERS);
    expect(checkTiers([])).toBe(MSG_TIERS);
  });
});
