import { describe, expect, it } from 'vitest';
import { customVariables, renderTemplate, smsSegments, splitPhones, templateVariables } from './sms';

describe('SMS segments (signature counts toward 70/67)', () => {
  const sign = '邻里物业'; // 【邻里物业】 = 6 characters
  const body = (n: number) => '字'.repeat(n);
  it('70 characters in all are one part, 71 are two', () => {
    expect(smsSegments(sign, body(64))).toBe(1);
    expect(smsSegments(sign, body(65))).toBe(2);
  });
  it('past 70, parts of 67: 134 → 2, 135 → 3, 201 → 3, 202 → 4', () => {
    expect(smsSegments(sign, body(128))).toBe(2);
    expect(smsSegments(sign, body(129))).toBe(3);
    expect(smsSegments(sign, body(195))).toBe(3);
    expect(smsSegments(sign, body(196))).toBe(4);
  });
  it('counts an emoji as one character, like the carrier', () => {
    expect(smsSegments(sign, `${body(63)}😀`)).toBe(1);
  });
});

describe('template variables', () => {
  it('lists, fills and separates the custom ones', () => {
    const c = '{姓名}您好，{小区}将于{日期}停水，{姓名}';
    expect(templateVariables(c)).toEqual(['姓名', '小区', '日期']);
    expect(customVariables(c)).toEqual(['日期']);
    expect(renderTemplate(c, { 姓名: '张三', 日期: '明天' })).toBe('张三您好，{小区}将于明天停水，张三');
  });
  it('splits typed phones by commas and new lines', () => {
    expect(splitPhones('13800000001,13800000002\n13800000003；13800000004')).toHaveLength(4);
  });
});
