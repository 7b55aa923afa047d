import { MSG_TIME_RANGE } from '@linli/shared';
import { addDays, todayIn } from '../../core/dates';
import { fail, fieldError } from '../../core/errors';
import { parseApiTime } from '../../core/time';

const MAX_DAYS = 93;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * A record list's time range (parking-access.md "Filters"): DateFrom/DateTo each a whole day or a time in the
 * company's zone; absent, the last `defaultDays` days up to today. Answered as [from, to) instants; ≤93 days.
 */
export function timeRange(
  f: { DateFrom?: string | undefined; DateTo?: string | undefined },
  timeZone: string,
  now: Date,
  defaultDays: number,
): { from: Date; to: Date } {
  const today = todayIn(now, timeZone);
  const fromText = f.DateFrom ?? (f.DateTo ? undefined : addDays(today, 1 - defaultDays));
  const toText = f.DateTo ?? (f.DateFrom ? undefined : today);
  const from = fromText ? parseApiTime(fromText, timeZone) : null;
  const to = toText ? parseApiTime(isDay(toText) ? addDays(toText, 1) : toText, timeZone) : null;
  if (fromText && !from) throw fieldError('DateFrom', '开始时间格式不正确');
  if (toText && !to) throw fieldError('DateTo', '结束时间格式不正确');
  const start = from ?? new Date(to!.getTime() - MAX_DAYS * 86400_000);
  const end = to ?? new Date(start.getTime() + MAX_DAYS * 86400_000);
  if (end.getTime() < start.getTime()) throw fieldError('DateTo', '结束时间不能早于开始时间');
  if (end.getTime() - start.getTime() > MAX_DAYS * 86400_000 + 3600_000) throw fail(MSG_TIME_RANGE);
  return { from: start, to: end };
}
