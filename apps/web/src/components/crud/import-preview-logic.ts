/** A row of an import preview: 正确 or 错误 with its '第N行：…' messages and the cells as uploaded. */
export interface PreviewRow {
  Row: number;
  Status: string;
  Messages: string[];
  Values: Record<string, unknown>;
}

/** The answer of a preview call. */
export interface PreviewAnswer {
  ImportId: number;
  Summary: Record<string, number>;
  Rows: PreviewRow[];
}

const BASE_LABELS: Record<string, string> = { Total: '总行数', Ok: '正确', Error: '错误' };

/** The preview's counts as labelled figures, in the order the labels are declared (unknown keys left out). */
export function summaryItems(
  summary: Record<string, number> | undefined,
  labels: Record<string, string> = {},
): { key: string; label: string; value: number }[] {
  const all = { ...BASE_LABELS, ...labels };
  return Object.entries(all)
    .filter(([key]) => summary && typeof summary[key] === 'number')
    .map(([key, label]) => ({ key, label, value: summary![key]! }));
}

export const isBadRow = (r: PreviewRow) => r.Messages.length > 0 || r.Status === '错误';

/**
 * The commit's progress bar: the server's own figure when it reports one, otherwise an estimate that moves towards
 * 95% at about 2,000 rows a second and never claims to be finished before the answer arrives.
 */
export function commitProgress(reported: number, elapsedMs: number, rows: number): number {
  const expectedMs = Math.max(1500, (rows / 2000) * 1000);
  const estimate = Math.min(95, Math.round(95 * (1 - Math.exp(-elapsedMs / expectedMs))));
  return Math.max(Math.min(reported, 100), estimate);
}

/** The first cells of a row, for the preview table's 内容 column. */
export function rowSummary(values: Record<string, unknown>, keys?: readonly string[], max = 6): string {
  const pick = keys ?? Object.keys(values).slice(0, max);
  return pick
    .map((k) => values[k])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' / ');
}
