/** Colours of the rate reports (domain: rates < 80% red, < 95% orange, else green; '-' has none). */
export function rateTone(rate: number | string | null | undefined): string | undefined {
  if (rate === null || rate === undefined || rate === '') return undefined;
  const n = Number(rate);
  if (!Number.isFinite(n)) return undefined;
  // Compare in basis points: the API rounds to 4 decimals, so 0.8 is exactly 8000.
  const bp = Math.round(n * 10000);
  return bp < 8000 ? '#cf1322' : bp < 9500 ? '#d46b08' : '#389e0d';
}

/**
 * A month cell of an annual report under 按账期 (M01State…): 1 已缴 green, 2 部分缴 orange, 3 逾期 red, 0 无账单 grey,
 * 4 未到期 plain. Text and background pairs keep AA contrast.
 */
export const MONTH_STATE_TONES: Record<number, { color: string; background: string; label: string } | undefined> = {
  0: { color: '#595959', background: '#f0f0f0', label: '无账单' },
  1: { color: '#237804', background: '#d9f7be', label: '已缴' },
  2: { color: '#873800', background: '#ffe7ba', label: '部分缴' },
  3: { color: '#a8071a', background: '#ffccc7', label: '逾期' },
  4: undefined,
};
