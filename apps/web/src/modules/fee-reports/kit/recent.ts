import { pushRecent } from './report-logic';

const KEY = 'linli-fee-reports-recent';

/** The reports opened last (paths, newest first), for the pinned row of 报表中心. */
export function readRecent(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function recordRecent(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pushRecent(readRecent(), path)));
  } catch {
    // A full or blocked storage only loses the pins.
  }
}
