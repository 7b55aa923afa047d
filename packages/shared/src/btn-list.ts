/** Splits a Btn comma list into trimmed, non-empty keys. */
export function splitBtn(btn: string | readonly string[]): string[] {
  const parts = typeof btn === 'string' ? btn.split(',') : btn;
  return parts.map((b) => b.trim()).filter((b) => b !== '');
}
