import { PUNCH_STATE, shiftSpan } from '@linli/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The attendance rules of one day (sms-attendance.md "States and rules"), pure: given the day's shift, the member's
 * punches and leaves and the clock, it answers the day's record. Times are epoch milliseconds.
 */

export interface ShiftRule {
  id: number;
  name: string;
  workStart: string;
  workEnd: string;
  restStart: string;
  restEnd: string;
  onBefore: number;
  offAfter: number;
  lateGrace: number;
  earlyGrace: number;
  missAfter: number;
}

export interface PunchIn {
  id: number;
  at: number;
  outside: boolean;
  source: number;
  makeUp: boolean;
}

export interface LeaveIn {
  kind: number;
  from: number;
  to: number;
}

const MIN = 60_000;

/** Midnight of a calendar day in the company's zone. */
export const midnightOf = (day: string, tz: string) => dayjs.tz(day, tz).valueOf();

/** The calendar day and 'HH:mm:ss' of a moment in the zone. */
export const localOf = (at: number | Date, tz: string) => dayjs(at).tz(tz);

/** The moments of a shift on a day: due times, the two punch windows and the worked minutes. */
export function windowsOf(shift: ShiftRule, day: string, tz: string) {
  const sp = shiftSpan({
    WorkStart: shift.workStart,
    WorkEnd: shift.workEnd,
    RestStart: shift.restStart || undefined,
    RestEnd: shift.restEnd || undefined,
  });
  const base = midnightOf(day, tz);
  const start = base + sp.start * MIN;
  const end = base + sp.end * MIN;
  const mid = start + Math.floor((end - start) / 2 / MIN) * MIN;
  const rest = sp.rest ? { from: base + sp.rest.start * MIN, to: base + sp.rest.end * MIN } : undefined;
  const workMinutes = (end - start) / MIN - (rest ? (rest.to - rest.from) / MIN : 0);
  return {
    start,
    end,
    mid,
    rest,
    workMinutes,
    crossDay: sp.crossDay,
    /** 上班: from start − OnBefore up to (not including) the midpoint. */
    on: { from: start - shift.onBefore * MIN, to: mid },
    /** 下班: from the midpoint to end + OffAfter. */
    off: { from: mid, to: end + shift.offAfter * MIN },
  };
}
export type Windows = ReturnType<typeof windowsOf>;

const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));

const toHalf = (x: number) => Math.min(1, Math.round(x * 2) / 2);

export interface DayResult {
  dueOn: number;
  dueOff: number;
  onTime: number | null;
  onPunchId: number | null;
  onState: number;
  lateMinutes: number;
  onOutside: boolean;
  onSource: number;
  onMakeUp: boolean;
  offTime: number | null;
  offPunchId: number | null;
  offState: number;
  earlyMinutes: number;
  offOutside: boolean;
  offSource: number;
  offMakeUp: boolean;
  present: boolean;
  leaveDays: number;
  leaveDetail: Record<string, number>;
  absentDays: number;
  final: boolean;
}

/** Judges one due day. `punches` may hold more than the day's: only those inside a window count. */
export function judgeDay(shift: ShiftRule, w: Windows, punches: PunchIn[], leaves: LeaveIn[], now: number): DayResult {
  const inOn = punches.filter((p) => p.at >= w.on.from && p.at < w.on.to).sort((a, b) => a.at - b.at);
  const inOff = punches.filter((p) => p.at >= w.off.from && p.at <= w.off.to).sort((a, b) => a.at - b.at);
  const on = inOn[0];
  const off = inOff[inOff.length - 1];

  // Leave: hours within the shift (rest excluded) ÷ the shift's hours, to the half day.
  const work = { from: w.start, to: w.end };
  const perKind: Record<string, number> = {};
  for (const l of leaves) {
    const m = (overlap(l, work) - (w.rest ? overlap(l, w.rest) : 0)) / MIN;
    if (m > 0) perKind[l.kind] = (perKind[l.kind] ?? 0) + m / w.workMinutes;
  }
  const leaveDetail: Record<string, number> = {};
  for (const [k, v] of Object.entries(perKind)) if (toHalf(v) > 0) leaveDetail[k] = toHalf(v);
  const leaveDays = toHalf(Object.values(leaveDetail).reduce((a, b) => a + b, 0));
  const onLeave = leaves.some((l) => l.from <= w.start && l.to > w.start);
  const offLeave = leaves.some((l) => l.from < w.end && l.to >= w.end);

  // Punches are judged to the minute: 09:07:40 is 7 minutes late.
  const minuteOf = (t: number) => Math.floor(t / MIN) * MIN;
  let onState: number;
  let lateMinutes = 0;
  if (onLeave) onState = PUNCH_STATE.LEAVE;
  else if (!on) onState = now < w.on.to ? PUNCH_STATE.OPEN : PUNCH_STATE.MISSING;
  else {
    const late = (minuteOf(on.at) - w.start) / MIN;
    if (late <= shift.lateGrace) onState = on.outside ? PUNCH_STATE.OUTSIDE : PUNCH_STATE.NORMAL;
    else if (late > shift.missAfter) onState = PUNCH_STATE.MISSING;
    else {
      onState = PUNCH_STATE.LATE;
      lateMinutes = late;
    }
  }
  let offState: number;
  let earlyMinutes = 0;
  if (offLeave) offState = PUNCH_STATE.LEAVE;
  else if (!off) offState = now <= w.off.to ? PUNCH_STATE.OPEN : PUNCH_STATE.MISSING;
  else {
    const early = Math.max(0, (w.end - minuteOf(off.at)) / MIN);
    if (early <= shift.earlyGrace) offState = off.outside ? PUNCH_STATE.OUTSIDE : PUNCH_STATE.NORMAL;
    else if (early > shift.missAfter) offState = PUNCH_STATE.MISSING;
    else {
      offState = PUNCH_STATE.EARLY;
      earlyMinutes = early;
    }
  }
  const closed = now > w.off.to;
  const punched = !!on || !!off;
  return {
    dueOn: w.start,
    dueOff: w.end,
    onTime: on?.at ?? null,
    onPunchId: on?.id ?? null,
    onState,
    lateMinutes,
    onOutside: on?.outside ?? false,
    onSource: on?.source ?? 0,
    onMakeUp: on?.makeUp ?? false,
    offTime: off?.at ?? null,
    offPunchId: off?.id ?? null,
    offState,
    earlyMinutes,
    offOutside: off?.outside ?? false,
    offSource: off?.source ?? 0,
    offMakeUp: off?.makeUp ?? false,
    present: leaveDays < 1 && punched,
    leaveDays,
    leaveDetail,
    // 旷工: due, no punch, not on leave — counted once the day's last window has closed.
    absentDays: closed && !punched ? 1 - leaveDays : 0,
    final: closed,
  };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}
