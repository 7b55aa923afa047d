import { describe, expect, it } from 'vitest';
import { fenToMoney } from './money';
import { fenToChinese, moneyToChinese, yuanInCapitals } from './money-chinese';

describe('moneyToChinese', () => {
  it.each([
    ['1234.50', '壹仟贰佰叁拾肆元伍角整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['0.05', '伍分'],
    ['0.50', '伍角整'],
    ['0.35', '叁角伍分'],
    ['10', '壹拾元整'],
    ['15', '壹拾伍元整'],
    ['100.01', '壹佰元零壹分'],
    ['1.05', '壹元零伍分'],
    ['1000000', '壹佰万元整'],
    ['10000.10', '壹万元零壹角整'],
    ['10000.11', '壹万元零壹角壹分'],
    ['1001', '壹仟零壹元整'],
    ['100100', '壹拾万零壹佰元整'],
    ['1000001', '壹佰万零壹元整'],
    ['10010000', '壹仟零壹万元整'],
    ['100000000', '壹亿元整'],
    ['100010000', '壹亿零壹万元整'],
    ['100000001', '壹亿零壹元整'],
    ['105000000.2', '壹亿零伍佰万元零贰角整'],
    ['9999999999.99', '玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('writes %s as %s', (value, expected) => {
    expect(moneyToChinese(value)).toBe(expected);
  });

  it('writes a negative amount with 负', () => {
    expect(moneyToChinese('-12.50')).toBe('负壹拾贰元伍角整');
    expect(moneyToChinese('-0.05')).toBe('负伍分');
    expect(moneyToChinese('-0')).toBe('零元整');
  });

  it('reads integer fen exactly, also beyond the float-safe range as a bigint', () => {
    expect(fenToChinese(123450)).toBe('壹仟贰佰叁拾肆元伍角整');
    expect(fenToChinese(29)).toBe('贰角玖分');
    expect(moneyToChinese({ fen: 10n ** 17n + 1n })).toBe('壹仟万亿元零壹分');
  });

  it('a number is read as its shortest decimal text, not as a binary fraction', () => {
    expect(moneyToChinese(0.29)).toBe('贰角玖分');
    expect(moneyToChinese(1.1)).toBe('壹元壹角整');
  });

  it('refuses what is not an amount of at most 2 decimals', () => {
    for (const bad of ['', 'abc', '1.234', '1,000', '¥5']) expect(() => moneyToChinese(bad), bad).toThrow(RangeError);
    expect(() => moneyToChinese({ fen: 10n ** 22n })).toThrow(RangeError);
  });

  it('the same amount as text, number and fen reads the same, and every amount ends in 整 or 分', () => {
    // Amounts of every length with zeros in many places: each digit 0 half of the time.
    let seed = 7;
    const digit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 2 ? (seed >> 8) % 10 : 0);
    for (let i = 0; i < 2000; i++) {
      const digits = Array.from({ length: 1 + (i % 15) }, digit).join('');
      const fen = Number(digits) * (i % 3 === 0 ? -1 : 1);
      const text = moneyToChinese(fenToMoney(fen));
      expect(fenToChinese(fen)).toBe(text);
      expect(moneyToChinese(fenToMoney(fen).replace(/\.?0+$/, '') || '0')).toBe(text);
      expect(text).toMatch(/(整|分)$/);
      if (fen !== 0) expect(text).not.toMatch(/零零|零元|零万|零亿|^负?零/);
      expect(text.startsWith('负')).toBe(fen < 0);
    }
  });
});

describe('yuanInCapitals', () => {
  it('reads one 零 for a run of zeros and none at a group end', () => {
    expect(yuanInCapitals(0n)).toBe('');
    expect(yuanInCapitals(20304n)).toBe('贰万零叁佰零肆');
    expect(yuanInCapitals(200000304n)).toBe('贰亿零叁佰零肆');
    expect(yuanInCapitals(1010101010n)).toBe('壹拾亿壹仟零壹拾万壹仟零壹拾');
  });
});
