import { describe, expect, it } from 'vitest';
import { rangeMessage, rangeRule, splitRange } from './number-range';

const check = (rule: ReturnType<typeof rangeRule>[number], v: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);

describe('number ranges refuse instead of clamping', () => {
  it('takes min/max off the widget props', () => {
    expect(splitRange({ min: 1, max: 99, precision: 0 })).toEqual({
      range: { min: 1, max: 99 },
      rest: { precision: 0 },
    });
  });

  it('100 floors is refused with the field named, 99 passes', async () => {
    const [rule] = rangeRule('地上层数', { min: 1, max: 99 });
    await expect(check(rule!, 100)).rejects.toThrow('地上层数需为1-99');
    await expect(check(rule!, 0)).rejects.toThrow('地上层数需为1-99');
    await expect(check(rule!, 99)).resolves.toBeUndefined();
    await expect(check(rule!, undefined)).resolves.toBeUndefined();
  });

  it('one-sided ranges', () => {
    expect(rangeMessage('数量', { min: 0 })).toBe('数量不能小于0');
    expect(rangeMessage('数量', { max: 9 })).toBe('数量不能大于9');
    expect(rangeRule('数量', {})).toEqual([]);
  });
});
