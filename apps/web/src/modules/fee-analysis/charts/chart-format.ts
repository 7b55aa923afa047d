import { formatMoney } from '@linli/shared';
import { formatRate } from '../../fee-reports/kit';

/** A rate 0–1 as the reports show it: 93.25%, or '-' when the denominator was 0 (null); the kit's one rule. */
export const rateText = (rate: number | string | null | undefined): string => formatRate(rate);

/** Money with thousands separators for chart labels and KPI cards: 12,345.60. */
export function moneyText(value: number | string | null | undefined): string {
  const text = formatMoney(value ?? '');
  if (!text) return '-';
  const [int = '', frac] = text.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac !== undefined ? `.${frac}` : ''}`;
}

/** Whole fen of a chart number (yuan), so that sums of slices are exact integers. */
export const fenOfYuan = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);

/** A share of a total, from fen: 12.50%. */
export function shareText(partFen: number, totalFen: number): string {
  return totalFen === 0 ? '-' : `${((partFen / totalFen) * 100).toFixed(2)}%`;
}
