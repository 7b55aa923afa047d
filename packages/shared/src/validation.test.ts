import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTipThrottle, filterDecimal, filterInteger, filterMinus, isEmptyValue, validate } from './validation';

describe('validate: required', () => {
  it.each([undefined, null, '', '   ', []])('fails a required empty value %j', (value) => {
    expect(validate(value, { required: true })).toBe('此项为必填项');
  });

  it('names the field and accepts a custom message', () => {
    expect(validate('', { required: true, label: '姓名' })).toBe('请填写姓名');
    expect(validate([], { required: true, message: '请选择小区' })).toBe('请选择小区');
  });

  it('passes filled values, including 0, false and non-empty arrays', () => {
    expect(validate(0, { required: true })).toBeNull();
    expect(validate(false, { required: true })).toBeNull();
    expect(validate([1], { required: true })).toBeNull();
    expect(validate('a', { required: true })).toBeNull();
  });

  it('lets an optional empty value pass without checking its format', () => {
    expect(validate('', { format: 'mobile' })).toBeNull();
    expect(validate(undefined, { format: 'unknown-format' })).toBeNull();
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue({})).toBe(false);
  });
});

describe('validate: mobile', () => {
  const mobile = (v: unknown) => validate(v, { format: 'mobile' });

  it('accepts 11 digits starting 1 with a second digit 3-9', () => {
    expect(mobile('13800138000')).toBeNull();
    expect(mobile('19912345678')).toBeNull();
    expect(mobile(13800138000)).toBeNull();
  });

  it("answers '请填写正确的手机号！' for a wrong 11-character number", () => {
    expect(mobile('12800000000')).toBe('请填写正确的手机号！');
    expect(mobile('23800138000')).toBe('请填写正确的手机号！');
    expect(mobile('1380013800a')).toBe('请填写正确的手机号！');
  });

  it('answers by length for 10 and 12 digits', () => {
    expect(mobile('1380013800')).toBe('手机号格式不正确，请重新输入');
    expect(mobile('1381234')).toBe('手机号格式不正确，请重新输入');
    expect(mobile('138001380001')).toBe('手机号码不能超过11位哦');
  });
});

describe('validate: email and certnmb', () => {
  it('checks email', () => {
    expect(validate('kefu@linli.cn', { format: 'email' })).toBeNull();
    expect(validate('kefu@linli', { format: 'email' })).toBe('请输入正确的邮箱');
    expect(validate('kefu.linli.cn', { format: 'email' })).toBe('请输入正确的邮箱');
  });

  it('accepts 15 digits, 18 digits and 17 digits + X', () => {
    const cert = (v: string) => validate(v, { format: 'certnmb' });
    expect(cert('110101900307123')).toBeNull();
    expect(cert('110101199003071234')).toBeNull();
    expect(cert('11010119900307123X')).toBeNull();
    expect(cert('11010119900307123x')).toBeNull();
  });

  it("answers '请输入正确的身份证号' otherwise", () => {
    const cert = (v: string) => validate(v, { format: 'certnmb' });
    expect(cert('11010119900307123')).toBe('请输入正确的身份证号');
    expect(cert('1101011990030712345')).toBe('请输入正确的身份证号');
    expect(cert('11010119900307123Y')).toBe('请输入正确的身份证号');
    expect(cert('11010119900307X234')).toBe('请输入正确的身份证号');
  });

  it('fails an unknown format', () => {
    expect(validate('abc', { format: 'zipcode' })).toBe('格式不正确');
    expect(validate('abc', { format: 'zipcode', label: '邮编' })).toBe('邮编格式不正确');
  });
});

describe('input filters', () => {
  it('keeps digits and one dot with at most 2 decimals', () => {
    expect(filterDecimal('12.345')).toBe('12.34');
    expect(filterDecimal('1a2.3.4')).toBe('12.34');
    expect(filterDecimal('12.')).toBe('12.');
    expect(filterDecimal('.5')).toBe('0.5');
    expect(filterDecimal('007')).toBe('7');
    expect(filterDecimal('0')).toBe('0');
    expect(filterDecimal('-3')).toBe('3');
    expect(filterDecimal('')).toBe('');
  });

  it('keeps digits only', () => {
    expect(filterInteger('1a2.3-4')).toBe('1234');
  });

  it('keeps digits and minus signs', () => {
    expect(filterMinus('-1a2.3')).toBe('-123');
  });
});

describe('createTipThrottle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most one tip per 3 seconds', () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const tip = createTipThrottle((m) => shown.push(m));
    expect(tip('a')).toBe(true);
    expect(tip('b')).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(tip('c')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(tip('d')).toBe(true);
    expect(shown).toEqual(['a', 'd']);
  });
});
