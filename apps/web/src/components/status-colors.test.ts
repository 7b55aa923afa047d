import { describe, expect, it } from 'vitest';
import { ROOM_STATUS_COLORS } from '../modules/properties/shared/labels';
import { contrastRatio, luminance, mix, solidTone, tagTone } from './status-colors';

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WCAG's own example pair: #777777 on white is 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(luminance('#fff')).toBe(1);
  });

  it('white on the old pale room-status fill was unreadable', () => {
    expect(contrastRatio('#ffffff', mix('#18ceb4', '#ffffff', 0.85))).toBeLessThan(1.5);
  });

  it.each(ROOM_STATUS_COLORS.map((c, i) => [i, c]))('room status %i (%s) reads at AA as a tag and a cell', (_i, c) => {
    const tag = tagTone(c);
    expect(contrastRatio(tag.color, tag.background)).toBeGreaterThanOrEqual(4.5);
    const cell = solidTone(c);
    expect(contrastRatio(cell.color, cell.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('rejects what is not a hex colour', () => {
    expect(() => tagTone('purple')).toThrow(/#rrggbb/);
  });
});
