import { describe, expect, it } from 'vitest';
import { fenToMoney, formatMoney, toFen } from './money';
import { digitUppercase } from './money-chinese';

describe('formatMoney', () => {
  it('shows 2 decimals', () => {
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney('12.3')).toBe('12.30');
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney('2.675')).toBe('2.68');
    expect(formatMoney('-0.004')).toBe('0.00');
    expect(formatMoney(-12.345)).toBe('-12.35');
    expect(formatMoney(0)).toBe('0.00');
  });

  it('keeps values with a percent sign, and empty values empty', () => {
    expect(formatMoney('12.5%')).toBe('12.5%');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('-')).toBe('-');
  });
});

describe('toFen and fenToMoney', () => {
  it('parses decimal text exactly', () => {
    expect(toFen('12.30')).toBe(1230);
    expect(toFen('0.29')).toBe(29);
    expect(toFen(0.29)).toBe(29);
    expect(toFen('223.42')).toBe(22342);
    expect(toFen('-5.5')).toBe(-550);
    expect(toFen(' 7 ')).toBe(700);
    expect(toFen('.5')).toBe(50);
    expect(toFen('12.300')).toBe(1230);
  });

  it('throws on more than 2 decimals and on non-numbers', () => {
    expect(() => toFen('12.345')).toThrow(RangeError);
    expect(() => toFen(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toFen('12a')).toThrow(RangeError);
    expect(() => toFen('')).toThrow(RangeError);
    expect(() => toFen(Number.NaN)).toThrow(RangeError);
    expect(() => toFen('1,000')).toThrow(RangeError);
  });

  it('writes fen as money text', () => {
    expect(fenToMoney(1230)).toBe('12.30');
    expect(fenToMoney(5)).toBe('0.05');
    expect(fenToMoney(-5)).toBe('-0.05');
    expect(fenToMoney(0)).toBe('0.00');
    expect(() => fenToMoney(1.5)).toThrow(RangeError);
  });
});

describe('digitUppercase', () => {
  it.each([
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100, '壹佰元整'],
    [0.5, '伍角'],
    [10.05, '壹拾元零伍分'],
    [100000, '壹拾万元整'],
    [100000000, '壹亿元整'],
    [10010, '壹万零壹拾元整'],
    [101.01, '壹佰零壹元零壹分'],
    [1.2, '壹元贰角'],
    [0.05, '伍分'],
    [0.29, '贰角玖分'],
    [1500, '壹仟伍佰元整'],
    ['223.43', '贰佰贰拾叁元肆角叁分'],
    [-12.5, '欠壹拾贰元伍角'],
  ])('writes %s as %s', (value, expected) => {
    expect(digitUppercase(value)).toBe(expected);
  });

  it('gives an empty string for empty, null and zero', () => {
    for (const value of ['', null, undefined, '0', 0, 'abc']) expect(digitUppercase(value)).toBe('');
  });
});
