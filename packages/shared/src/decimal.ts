/**
 * Exact decimal arithmetic for fees (unit prices with 4 decimals, areas, usages, rates): a value is an integer count
 * of 10^-scale units held in a bigint, so no sum or product ever passes through a binary fraction. Money answers
 * leave through `decMoney` (2 decimals, the standard's rounding).
 */

export interface Dec {
  /** The value × 10^scale. */
  readonly units: bigint;
  readonly scale: number;
}

/** 1 四舍五入 (half away from zero), 2 进一 (any remainder rounds away from zero), 3 去尾 (truncate). */
export type RoundMode = 1 | 2 | 3;

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$|^([+-]?)\.(\d+)$/;

/** Parses '12.5', '-0.0283', 3 or 0.5 exactly; throws RangeError on anything else. */
export function dec(value: string | number | bigint | Dec): Dec {
  if (typeof value === 'object') return value;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`不是数字：${value}`);
  // String(n) of a finite number is the shortest text that reads back as n ('0.1', '1e-7').
  let text = typeof value === 'number' ? String(value) : value.trim();
  if (/e/i.test(text))
    text = Number(text)
      .toFixed(20)
      .replace(/\.?0+$/, '');
  const m = DECIMAL_TEXT.exec(text);
  if (!m) throw new RangeError(`不是数字：${String(value)}`);
  const sign = m[1] ?? m[4] ?? '';
  const whole = m[2] ?? '0';
  const fraction = m[3] ?? m[5] ?? '';
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** `dec`, or null for text that is no number. */
export function tryDec(value: string | number): Dec | null {
  try {
    return dec(value);
  } catch {
    return null;
  }
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function decAdd(a: Dec | string | number, b: Dec | string | number): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x + y, scale };
}

export function decSub(a: Dec | string | number, b: Dec | string | number): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x - y, scale };
}

export function decMul(a: Dec | string | number, b: Dec | string | number): Dec {
  const x = dec(a);
  const y = dec(b);
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

export function decSum(values: readonly (Dec | string | number)[]): Dec {
  return values.reduce<Dec>((acc, v) => decAdd(acc, v), { units: 0n, scale: 0 });
}

export function decCmp(a: Dec | string | number, b: Dec | string | number): -1 | 0 | 1 {
  const [x, y] = align(dec(a), dec(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function decMin(a: Dec | string | number, b: Dec | string | number): Dec {
  return decCmp(a, b) <= 0 ? dec(a) : dec(b);
}

export function decMax(a: Dec | string | number, b: Dec | string | number): Dec {
  return decCmp(a, b) >= 0 ? dec(a) : dec(b);
}

export function decIsZero(a: Dec | string | number): boolean {
  return dec(a).units === 0n;
}

/** Integer division of bigints with a rounding mode (the sign is handled here, so modes act on the magnitude). */
function divRound(n: bigint, d: bigint, mode: RoundMode): bigint {
  if (d === 0n) throw new RangeError('除数不能为0');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const r = an % ad;
  if (r !== 0n) {
    if (mode === 2) q += 1n;
    else if (mode === 1 && r * 2n >= ad) q += 1n;
  }
  return negative ? -q : q;
}

/** Rounds to `places` decimals (0 … 8) with the mode. */
export function decRound(a: Dec | string | number, places: number, mode: RoundMode = 1): Dec {
  const x = dec(a);
  if (x.scale <= places) return { units: x.units * pow10(places - x.scale), scale: places };
  return { units: divRound(x.units, pow10(x.scale - places), mode), scale: places };
}

/** a ÷ b to `places` decimals with the mode. */
export function decDiv(a: Dec | string | number, b: Dec | string | number, places: number, mode: RoundMode = 1): Dec {
  const x = dec(a);
  const y = dec(b);
  if (y.units === 0n) throw new RangeError('除数不能为0');
  // x/y = (x.units / 10^x.scale) / (y.units / 10^y.scale); scaled by 10^places.
  const exp = places + y.scale - x.scale;
  const n = exp >= 0 ? x.units * pow10(exp) : x.units;
  const d = exp >= 0 ? y.units : y.units * pow10(-exp);
  return { units: divRound(n, d, mode), scale: places };
}

/** Decimal text with exactly `places` decimals when given (rounded half up), else the value's own scale. */
export function decText(a: Dec | string | number, places?: number): string {
  const x = places === undefined ? dec(a) : decRound(a, places, 1);
  const negative = x.units < 0n;
  const digits = (negative ? -x.units : x.units).toString().padStart(x.scale + 1, '0');
  const body = x.scale === 0 ? digits : `${digits.slice(0, -x.scale)}.${digits.slice(-x.scale)}`;
  return negative ? `-${body}` : body;
}

/** Shortest text of the value ('2.5000' → '2.5', '3.00' → '3'). */
export function decPlain(a: Dec | string | number): string {
  const text = decText(a);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * A money amount: rounded once to the standard's `decimals` (0–2) with its mode, answered with 2 decimals
 * ('223.425', 2, 1 → '223.43'; 2, 2 → '223.43'; 0, 3 → '223.00').
 */
export function decMoney(a: Dec | string | number, decimals = 2, mode: RoundMode = 1): string {
  return decText(decRound(decRound(a, Math.min(2, Math.max(0, decimals)), mode), 2, 1), 2);
}

/** Money as integer fen after the standard's rounding (see `decMoney`). */
export function decFen(a: Dec | string | number, decimals = 2, mode: RoundMode = 1): number {
  const m = decRound(decRound(a, Math.min(2, Math.max(0, decimals)), mode), 2, 1);
  const fen = Number(m.units);
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额超出范围：${decText(a)}`);
  return fen;
}

/** A unit price with 4 decimals ('2.5' → '2.5000'); throws on more than 4 non-zero decimals. */
export function unitPriceText(value: string | number): string {
  const x = dec(value);
  if (x.scale > 4 && decRound(x, 4, 3).units * pow10(x.scale - 4) !== x.units) {
    throw new RangeError(`单价最多四位小数：${String(value)}`);
  }
  return decText(decRound(x, 4, 3));
}
