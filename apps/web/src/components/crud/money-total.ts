const AMOUNT = /^([+-]?)(\d*)(?:\.(\d{0,2})0*)?$/;

/** An amount as integer fen, exactly; null for empty or unreadable cells (they add nothing). */
export function fenOf(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = AMOUNT.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  const fen = BigInt(m[2] || '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -fen : fen;
}

/** Fen back to money text with 2 decimals: 123450n → '1234.50'. */
export function fenText(fen: bigint): string {
  const abs = fen < 0n ? -fen : fen;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return fen < 0n ? `-${text}` : text;
}

/** The exact sum of a money field over rows (0.1 + 0.2 is 0.30): integer fen, never float. */
export function sumMoney<T>(rows: readonly T[], field: keyof T): string {
  let total = 0n;
  for (const r of rows) total += fenOf(r[field]) ?? 0n;
  return fenText(total);
}
