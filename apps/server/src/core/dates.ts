import { fmtTime } from './time';

/** Calendar dates as 'YYYY-MM-DD' in the company's zone; arithmetic on UTC midnights so no zone shifts a day. */
export const todayIn = (now: Date, tz: string) => fmtTime(now, tz).slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 1 (Monday) … 7 (Sunday). */
export function weekdayOf(date: string): number {
  const w = new Date(`${date}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '6月3日'. */
export const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
