import { formatMoney, toFen } from './money';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/**
 * The yuan part in capitals, '' for 0: groups of four digits (个, 万, 亿, 万亿); a run of zeros between two read
 * digits is one 零 (1001 → 壹仟零壹, 100100 → 壹拾万零壹佰, 1010101010 → 壹拾亿壹仟零壹拾万壹仟零壹拾).
 */
export function yuanInCapitals(yuan: bigint): string {
  let out = '';
  let needZero = false;
  const groups: number[] = [];
  for (let n = yuan; n > 0n; n /= 10000n) groups.push(Number(n % 10000n));
  if (groups.length > BIG_UNITS.length) throw new RangeError('金额超出范围');
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    // An empty group, or one without its 仟 digit, stands for zeros between two read digits.
    if (group < 1000 && out !== '') needZero = true;
    if (group === 0) continue;
    let inGroup = false;
    for (let i = 3; i >= 0; i--) {
      const d = Math.floor(group / 10 ** i) % 10;
      if (d === 0) {
        needZero ||= inGroup;
        continue;
      }
      out += `${needZero ? '零' : ''}${DIGITS[d]}${SMALL_UNITS[i]}`;
      needZero = false;
      inGroup = true;
    }
    // Zeros at a group's end are not read.
    out += BIG_UNITS[g];
    needZero = false;
  }
  return out;
}

/**
 * 大写金额 for receipts and notices, by the rules of bank-written amounts: `moneyToChinese('1234.50')` →
 * '壹仟贰佰叁拾肆元伍角整', '0' → '零元整', '0.05' → '伍分', '100.01' → '壹佰元零壹分', '10000.10' → '壹万元零壹角整'.
 * 整 follows an amount that ends at 元 or 角; a zero 元 digit before 角/分, or a zero 角 before 分, reads 零.
 * Exact: the input is decimal text, a number or integer fen (`{ fen }`), never float arithmetic. A negative amount
 * starts with 负. Text that is not an amount of at most 2 decimals throws a RangeError.
 */
export function moneyToChinese(amount: string | number | { fen: number | bigint }): string {
  const fen = typeof amount === 'object' ? BigInt(amount.fen) : BigInt(toFen(amount));
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  const yuan = abs / 100n;
  const jiao = Number((abs / 10n) % 10n);
  const cents = Number(abs % 10n);
  let text = yuanInCapitals(yuan);
  if (text) text += '元';
  if (jiao) text += `${text && yuan % 10n === 0n ? '零' : ''}${DIGITS[jiao]}角`;
  if (cents) text += `${text && !jiao ? '零' : ''}${DIGITS[cents]}分`;
  if (!text) text = '零元';
  if (!cents) text += '整';
  return `${negative ? '负' : ''}${text}`;
}

/** The same for an amount in integer fen (a bill's total kept as fen). */
export const fenToChinese = (fen: number | bigint) => moneyToChinese({ fen });

/**
 * The spec's converter (§9, the classic one): 1234.56 → '壹仟贰佰叁拾肆元伍角陆分', 100 → '壹佰元整', 0.5 → '伍角',
 * -3 → '欠叁元整'. 整 only closes an amount without 角 and 分. Empty, null, '0', 0 and text that is not a number give
 * ''; more than 2 decimals round half up. Receipts use `moneyToChinese`.
 */
export function digitUppercase(value: string | number | null | undefined): string {
  const text = formatMoney(value);
  if (!/^-?\d+\.\d{2}$/.test(text)) return '';
  const fen = toFen(text);
  if (fen === 0) return '';
  const abs = BigInt(Math.abs(fen));
  if (abs >= 10n ** 14n) throw new RangeError('金额超出范围');
  const yuan = abs / 100n;
  const jiao = Number((abs / 10n) % 10n);
  const cents = Number(abs % 10n);
  let fraction = jiao ? `${DIGITS[jiao]}角` : '';
  if (cents) fraction += `${!jiao && yuan > 0n ? '零' : ''}${DIGITS[cents]}分`;
  const whole = yuan > 0n ? `${yuanInCapitals(yuan)}元` : '';
  return `${fen < 0 ? '欠' : ''}${whole}${fraction || '整'}`;
}
