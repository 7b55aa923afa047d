/**
 * The file name of a download from its Content-Disposition: the RFC 5987 `filename*=UTF-8''…` form wins (Chinese
 * names), then the plain `filename="…"`, then the fallback.
 */
export function fileNameOf(disposition: string | null | undefined, fallback = 'download.xlsx'): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

/** Whether an answer is the JSON envelope (a refusal) rather than the file. */
export const isJsonAnswer = (contentType: string | null | undefined) => !!contentType && /json/i.test(contentType);

/** '员工' → '员工_20250701.xlsx' for a client-side fallback name. */
export function datedFileName(base: string, now = new Date(), ext = 'xlsx'): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${base}_${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}.${ext}`;
}
