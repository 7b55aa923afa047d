import { describe, expect, it } from 'vitest';
import { optionsOf, roomStatusOptions, roomTypeOptions } from './labels';

describe('property labels', () => {
  it('skips the blank 0 of 1-based lists', () => {
    expect(roomTypeOptions[0]).toEqual({ value: 1, label: '住宅' });
    expect(optionsOf(['', 'a'])).toEqual([{ value: 1, label: 'a' }]);
  });
  it('keeps 0 when it names a value (未售)', () => {
    expect(roomStatusOptions[0]).toEqual({ value: 0, label: '未售' });
    expect(roomStatusOptions).toHaveLength(5);
  });
});
