import { MONEY_DECIMALS } from './constants';

/**
 * Money is exact to the fen (ARCHITECTURE: never float arithmetic). These helpers move between decimal text and
 * integer fen without passing through binary fractions.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * '12.30' → 1230. Accepts numbers and text with up to 2 decimals; extra decimals must be zeros ('12.300').
 * Throws on anything else, so a wrong amount never becomes a silent rounding.
 */
export function toFen(money: string | number): number {
  const text = typeof money === 'number' ? numberText(money) : money.trim();
  const m = DECIMAL.exec(text);
  const [, sign = '', whole = '', fraction = ''] = m ?? [];
  if (!m || (whole === '' && fraction === '')) throw new RangeError(`金额格式不正确：${String(money)}`);
  if (/[1-9]/.test(fraction.slice(MONEY_DECIMALS))) throw new RangeError(`金额最多两位小数：${String(money)}`);
  const fen = Number(whole || '0') * 100 + Number(fraction.slice(0, MONEY_DECIMALS).padEnd(MONEY_DECIMALS, '0'));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额超出范围：${String(money)}`);
  return sign === '-' && fen !== 0 ? -fen : fen;
}

/** `toFen`, or null for text that is no amount (or too large to count in fen): for checks of what a user typed. */
export function tryFen(money: string | number): number | null {
  try {
    return toFen(money);
  } catch {
    return null;
  }
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`金额格式不正确：${n}`);
  // String(n) is the shortest text that reads back as n: 12.3 → '12.3', 0.1 + 0.2 → '0.30000000000000004'.
  return String(n);
}

/** 1230 → '12.30'; -5 → '-0.05'. */
export function fenToMoney(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`分必须是整数：${fen}`);
  const abs = Math.abs(fen);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return fen < 0 ? `-${text}` : text;
}

/** Rounds decimal text half away from zero to `places` (> 0), on the digits themselves. */
function roundDecimalText(text: string, places: number): string | null {
  const m = DECIMAL.exec(text);
  const [, sign = '', whole = '', fraction = ''] = m ?? [];
  if (!m || (whole === '' && fraction === '')) return null;
  const padded = fraction.padEnd(places + 1, '0');
  let units = BigInt(`${whole || '0'}${padded.slice(0, places)}`);
  if (Number(padded[places]) >= 5) units += 1n;
  const s = units.toString().padStart(places + 1, '0');
  const result = `${s.slice(0, -places)}.${s.slice(-places)}`;
  return sign === '-' && /[1-9]/.test(result) ? `-${result}` : result;
}

/**
 * A Money cell (spec §5): 2 decimals, unless the value contains '%' (then shown as it is). Empty and null give ''.
 * Text that is not a number is shown as it is.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const text = typeof value === 'number' && /e/i.test(String(value)) ? value.toFixed(10) : String(value).trim();
  if (text.includes('%')) return text;
  return roundDecimalText(text, MONEY_DECIMALS) ?? text;
}
