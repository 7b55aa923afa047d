import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zInt, zOptionalText } from './index';

const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a refusal');
  return r.error.issues[0]!.message;
};

describe('zod messages are the product’s own, naming the field', () => {
  const Body = z.object({
    Name: z.string().max(50),
    Floor: z.number().int().min(1).max(99),
    CommunityIds: z.array(z.number()).min(1),
    Keyword: zOptionalText(50, '关键字'),
    Big: z.number().int().optional(),
    Type: z.enum(['a', 'b']).optional(),
    Rooms: z.array(z.object({ RoomNo: z.string() })).optional(),
  });
  const ok = { Name: '翠湖', Floor: 3, CommunityIds: [1] };

  it.each([
    [{ ...ok, Name: undefined }, '请填写名称'],
    [{ ...ok, Name: 12 }, '名称格式不正确'],
    [{ ...ok, Name: 'x'.repeat(51) }, '名称不能超过50个字'],
    [{ ...ok, Floor: 'abc' }, '楼层须为数字'],
    [{ ...ok, Floor: 100 }, '楼层不能大于99'],
    [{ ...ok, Floor: 0 }, '楼层不能小于1'],
    [{ ...ok, Floor: 1.5 }, '楼层须为数字'],
    [{ ...ok, CommunityIds: [] }, '请选择小区'],
    [{ ...ok, Keyword: 'x'.repeat(51) }, '关键字不能超过50个字符'],
    [{ ...ok, Big: 1e300 }, '此项数值过大'],
    [{ ...ok, Type: 'c' }, '类型取值不正确'],
    [{ ...ok, Rooms: [{}] }, '请填写房号'],
  ])('%j → %s', (input, msg) => {
    expect(first(Body, input)).toBe(msg);
  });

  it('a label given with meta() wins over the field name', () => {
    expect(first(z.object({ X: z.string().meta({ label: '小区名称' }) }), {})).toBe('请填写小区名称');
  });

  it('a value checked alone (a form field) reads as 此项', () => {
    expect(first(z.string().max(5), 'x'.repeat(6))).toBe('此项不能超过5个字');
    expect(first(z.number(), undefined)).toBe('请填写此项');
  });

  it('a rule’s own message is kept', () => {
    expect(first(z.object({ N: zInt('请输入整数') }), { N: 'x' })).toBe('请输入整数');
  });
});
