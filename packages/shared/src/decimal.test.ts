import { describe, expect, it } from 'vitest';
import {
  dec,
  decAdd,
  decCmp,
  decDiv,
  decFen,
  decMoney,
  decMul,
  decPlain,
  decRound,
  decSub,
  decSum,
  decText,
  tryDec,
  unitPriceText,
} from './decimal';

describe('decimal', () => {
  it('parses text and numbers exactly', () => {
    expect(decText(dec('12.30'))).toBe('12.30');
    expect(decText(dec(0.1))).toBe('0.1');
    expect(decText(dec('-.5'))).toBe('-0.5');
    expect(decText(dec(1e-7))).toBe('0.0000001');
    expect(tryDec('1,000')).toBeNull();
    expect(tryDec('abc')).toBeNull();
    expect(() => dec(Number.NaN)).toThrow(RangeError);
  });

  it('adds and multiplies without binary fractions', () => {
    expect(decText(decAdd(0.1, 0.2))).toBe('0.3');
    expect(decText(decSub('1.00', '0.99'))).toBe('0.01');
    expect(decText(decMul('89.37', '2.5000'))).toBe('223.425000');
    expect(decText(decSum(['0.10', '0.20', '0.30']), 2)).toBe('0.60');
    expect(decCmp('2.50', '2.5')).toBe(0);
    expect(decCmp('-1', '0')).toBe(-1);
  });

  it('rounds with 四舍五入, 进一 and 去尾', () => {
    expect(decMoney(decMul('89.37', '2.50'))).toBe('223.43');
    expect(decMoney('223.421', 2, 2)).toBe('223.43');
    expect(decMoney('223.429', 2, 3)).toBe('223.42');
    expect(decMoney('223.5', 0, 1)).toBe('224.00');
    expect(decMoney('223.1', 0, 2)).toBe('224.00');
    expect(decMoney('223.9', 0, 3)).toBe('223.00');
    expect(decMoney('223.45', 1, 1)).toBe('223.50');
    expect(decText(decRound('-2.5', 0, 1))).toBe('-3');
    expect(decText(decRound('-2.1', 0, 3))).toBe('-2');
    expect(decFen('111.7125')).toBe(11171);
  });

  it('divides to a scale with the mode', () => {
    expect(decText(decDiv('100', '0.5283', 2, 3))).toBe('189.28');
    expect(decText(decDiv('223.425', '28', 4, 1))).toBe('7.9795');
    expect(decText(decDiv(1, 3, 2, 2))).toBe('0.34');
    expect(() => decDiv(1, 0, 2)).toThrow(RangeError);
  });

  it('proration: 89.37 × 2.50 × 14/28 = 111.71', () => {
    const monthly = decMul('89.37', '2.50');
    expect(decMoney(decDiv(decMul(monthly, 14), 28, 8))).toBe('111.71');
  });

  it('unit prices carry 4 decimals', () => {
    expect(unitPriceText('2.5')).toBe('2.5000');
    expect(unitPriceText(0.5283)).toBe('0.5283');
    expect(unitPriceText('1.23450')).toBe('1.2345');
    expect(() => unitPriceText('1.23456')).toThrow(RangeError);
    expect(decPlain('2.5000')).toBe('2.5');
    expect(decPlain('3.00')).toBe('3');
  });
});
