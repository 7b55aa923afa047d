import { describe, expect, it } from 'vitest';
import { sourceOptions } from './labels';

describe('发送记录 来源 filter', () => {
  it('lists every record source, 月卡到期 (parking’s owner reminder) included', () => {
    expect(sourceOptions).toEqual([
      { value: 1, label: '群发' },
      { value: 2, label: '快递通知' },
      { value: 3, label: '合同催收' },
      { value: 4, label: '欠费催缴' },
      { value: 5, label: '测试' },
      { value: 6, label: '月卡到期' },
    ]);
  });
});
