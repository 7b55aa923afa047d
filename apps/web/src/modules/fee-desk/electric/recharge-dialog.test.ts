import { describe, expect, it } from 'vitest';
import { kwhPreview } from './recharge-dialog';

describe('kwhPreview', () => {
  it('divides by the price and rounds down to 2 decimals, like the server', () => {
    expect(kwhPreview('100', '0.5283')).toBe('189.28');
    expect(kwhPreview('52.83', '0.5283')).toBe('100.00');
  });
  it('shows nothing for an amount still being typed or invalid', () => {
    for (const v of ['', '52.', '0', 'abc', '1.234']) expect(kwhPreview(v, '0.5283')).toBe('');
    expect(kwhPreview('10', '')).toBe('');
  });
});
