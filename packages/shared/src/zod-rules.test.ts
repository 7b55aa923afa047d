import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zCertNo, zFormat, zMobile, zOptionalMobile, zOptionalText, zPassword, zRequiredText } from './zod-rules';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};

describe('zod rules', () => {
  it('applies the mobile rule with its messages', () => {
    expect(zMobile().parse(' 13800138000 ')).toBe('13800138000');
    expect(zMobile().parse(13800138000)).toBe('13800138000');
    expect(firstMessage(zMobile(), '12800000000')).toBe('请填写正确的手机号！');
    expect(firstMessage(zMobile(), '1380013800')).toBe('手机号格式不正确，请重新输入');
    expect(firstMessage(zMobile(), '138001380001')).toBe('手机号码不能超过11位哦');
    expect(firstMessage(zMobile(), '')).toBe('请输入手机号');
    expect(firstMessage(zMobile(), undefined)).toBe('请输入手机号');
  });

  it('lets an optional mobile be blank but not wrong', () => {
    expect(zOptionalMobile().parse(undefined)).toBeUndefined();
    expect(zOptionalMobile().parse('')).toBe('');
    expect(firstMessage(zOptionalMobile(), '123')).toBe('手机号格式不正确，请重新输入');
  });

  it('upper-cases an ID number', () => {
    expect(zCertNo().parse('11010119900307123x')).toBe('11010119900307123X');
    expect(firstMessage(zCertNo(), '11010119900307123')).toBe('请输入正确的身份证号');
  });

  it('requires text, trims it and caps its length', () => {
    const schema = zRequiredText('请输入标题', 5, '标题');
    expect(schema.parse('  abc ')).toBe('abc');
    expect(firstMessage(schema, '   ')).toBe('请输入标题');
    expect(firstMessage(schema, undefined)).toBe('请输入标题');
    expect(firstMessage(schema, '123456')).toBe('标题不能超过5个字符');
    expect(schema.parse(12345)).toBe('12345');
    expect(zOptionalText(3).parse(null)).toBeUndefined();
    expect(firstMessage(zOptionalText(3, '备注'), 'abcd')).toBe('备注不能超过3个字符');
  });

  it('enforces the password rule', () => {
    expect(zPassword().parse('Admin@123')).toBe('Admin@123');
    expect(firstMessage(zPassword(), 'abcdefgh')).toBe('密码需为8-20位，且包含字母和数字');
    expect(firstMessage(zPassword(), '12345678')).toBe('密码需为8-20位，且包含字母和数字');
    expect(firstMessage(zPassword(), 'abc1234')).toBe('密码需为8-20位，且包含字母和数字');
    expect(firstMessage(zPassword(), 'abc1234567890123456789')).toBe('密码需为8-20位，且包含字母和数字');
    expect(firstMessage(zPassword(), '')).toBe('请输入密码');
  });

  it('runs the rule helper for a format named at run time', () => {
    expect(firstMessage(zFormat('email', { required: true, label: '邮箱' }), '')).toBe('请填写邮箱');
    expect(firstMessage(zFormat('nope'), 'x')).toBe('格式不正确');
    expect(zFormat('certnmb').safeParse(undefined).success).toBe(true);
  });

  it('words zod type errors in Chinese', () => {
    expect(firstMessage(z.number(), 'x')).toMatch(/[\u4e00-\u9fa5]/);
  });
});
