import { describe, expect, it } from 'vitest';
import { distanceMetres, judgeDay, midnightOf, type ShiftRule, windowsOf } from './att-judge';

const TZ = 'Asia/Shanghai';
const shift = (over: Partial<ShiftRule> = {}): ShiftRule => ({
  id: 1,
  name: '行政班',
  workStart: '09:00',
  workEnd: '18:00',
  restStart: '12:00',
  restEnd: '13:00',
  onBefore: 120,
  offAfter: 240,
  lateGrace: 5,
  earlyGrace: 0,
  missAfter: 120,
  ...over,
});
const at = (day: string, hm: string) =>
  midnightOf(day, TZ) + (Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5))) * 60_000;
const p = (t: number, id = t) => ({ id, at: t, outside: false, source: 2, makeUp: false });
const later = at('2030-01-01', '00:00');

describe('judging a day (pure rules)', () => {
  it('windows: start − OnBefore to the midpoint, the midpoint to end + OffAfter; the rest is not worked', () => {
    const w = windowsOf(shift(), '2026-07-27', TZ);
    expect(w.on.from).toBe(at('2026-07-27', '07:00'));
    expect(w.on.to).toBe(at('2026-07-27', '13:30'));
    expect(w.off.to).toBe(at('2026-07-27', '22:00'));
    expect(w.workMinutes).toBe(480);
  });

  it('the earliest 上班 and the latest 下班 count; grace and MissAfter edges', () => {
    const d = '2026-07-27';
    const w = windowsOf(shift(), d, TZ);
    const r = judgeDay(
      shift(),
      w,
      [p(at(d, '09:30')), p(at(d, '09:05')), p(at(d, '17:00')), p(at(d, '18:00'))],
      [],
      later,
    );
    expect(r).toMatchObject({ onState: 1, offState: 1, present: true, absentDays: 0 });
    expect(judgeDay(shift(), w, [p(at(d, '09:06'))], [], later)).toMatchObject({
      onState: 2,
      lateMinutes: 6,
      offState: 4,
    });
    expect(judgeDay(shift(), w, [p(at(d, '11:00'))], [], later)).toMatchObject({ onState: 2, lateMinutes: 120 });
    expect(judgeDay(shift(), w, [p(at(d, '11:01'))], [], later)).toMatchObject({ onState: 4, lateMinutes: 0 });
    expect(judgeDay(shift(), w, [p(at(d, '09:00')), p(at(d, '17:59'))], [], later)).toMatchObject({
      offState: 3,
      earlyMinutes: 1,
    });
  });

  it('no punch: 未打卡 while a window is open, then 缺卡 and 旷工 1', () => {
    const d = '2026-07-27';
    const w = windowsOf(shift(), d, TZ);
    expect(judgeDay(shift(), w, [], [], at(d, '10:00'))).toMatchObject({
      onState: 7,
      offState: 7,
      absentDays: 0,
      final: false,
    });
    expect(judgeDay(shift(), w, [], [], later)).toMatchObject({ onState: 4, offState: 4, absentDays: 1, final: true });
  });

  it('a 跨天 shift: 19:00–07:00 is judged across midnight', () => {
    const night = shift({ workStart: '19:00', workEnd: '07:00', restStart: '', restEnd: '', lateGrace: 3 });
    const w = windowsOf(night, '2026-07-27', TZ);
    expect(w.crossDay).toBe(true);
    const r = judgeDay(night, w, [p(at('2026-07-27', '19:03')), p(at('2026-07-28', '07:05'))], [], later);
    expect(r).toMatchObject({ onState: 1, offState: 1 });
    expect(judgeDay(night, w, [p(at('2026-07-27', '18:50')), p(at('2026-07-28', '06:30'))], [], later)).toMatchObject({
      offState: 3,
      earlyMinutes: 30,
    });
  });

  it('leave: hours within the shift ÷ shift hours, to the half day; a full day is 请假 and never 旷工', () => {
    const d = '2026-07-27';
    const w = windowsOf(shift(), d, TZ);
    const full = judgeDay(shift(), w, [], [{ kind: 1, from: at(d, '09:00'), to: at(d, '18:00') }], later);
    expect(full).toMatchObject({ onState: 6, offState: 6, leaveDays: 1, absentDays: 0, leaveDetail: { 1: 1 } });
    // 09:00–12:00 is 3 of 8 hours: 0.375 → 0.5; the afternoon without punch is half a 旷工 day.
    const half = judgeDay(shift(), w, [], [{ kind: 2, from: at(d, '09:00'), to: at(d, '12:00') }], later);
    expect(half).toMatchObject({ onState: 6, offState: 4, leaveDays: 0.5, absentDays: 0.5 });
    // The rest hour does not count: 12:00–13:00 alone is no leave.
    expect(
      judgeDay(shift(), w, [p(at(d, '09:00'))], [{ kind: 1, from: at(d, '12:00'), to: at(d, '13:00') }], later)
        .leaveDays,
    ).toBe(0);
  });

  it('outside punches: on time but outside is 外勤; late and outside stays 迟到', () => {
    const d = '2026-07-27';
    const w = windowsOf(shift(), d, TZ);
    const out = (t: number) => ({ ...p(t), outside: true });
    expect(judgeDay(shift(), w, [out(at(d, '08:59'))], [], later)).toMatchObject({ onState: 5, onOutside: true });
    expect(judgeDay(shift(), w, [out(at(d, '09:20'))], [], later)).toMatchObject({ onState: 2, onOutside: true });
  });

  it('haversine: 0.018° of latitude is about 2 km; 300 m east is inside a 300 m radius only just', () => {
    expect(Math.round(distanceMetres(30.274085, 120.15507, 30.292085, 120.15507))).toBe(2002);
    expect(distanceMetres(30.274085, 120.15507, 30.274085, 120.158)).toBeLessThan(300);
    expect(distanceMetres(30.274085, 120.15507, 30.274085, 120.1585)).toBeGreaterThan(300);
  });
});
