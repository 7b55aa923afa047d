import { describe, expect, it } from 'vitest';
import { MONTH_STATE_TONES, rateTone } from './tones';

describe('fee report tones', () => {
  it('colours rates red below 80%, orange below 95%, else green; none without a rate', () => {
    expect(rateTone(0.7999)).toBe('#cf1322');
    expect(rateTone(0.8)).toBe('#d46b08');
    expect(rateTone(0.9499)).toBe('#d46b08');
    expect(rateTone(0.95)).toBe('#389e0d');
    expect(rateTone(1)).toBe('#389e0d');
    expect(rateTone(null)).toBeUndefined();
  });

  it('has a tone for every 按账期 month state but 未到期', () => {
    expect([0, 1, 2, 3].map((s) => MONTH_STATE_TONES[s]?.label)).toEqual(['无账单', '已缴', '部分缴', '逾期']);
    expect(MONTH_STATE_TONES[4]).toBeUndefined();
  });
});
