import { describe, expect, it } from 'vitest';
import { periodFor, periodsBetween, periodsBilledOn } from './periods';

const monthly = { cycleMonths: 1, chargeMode: 1, billDay: 1, dueDays: 15 };

describe('billing periods', () => {
  it('预收 bills on the BillDay of the first month; DueDate = BillDate + DueDays', () => {
    expect(periodFor('2026-02', monthly)).toEqual({
      period: '2026-02',
      start: '2026-02-01',
      end: '2026-02-28',
      billDate: '2026-02-01',
      dueDate: '2026-02-16',
    });
  });

  it('后收 bills in the month after the period ends', () => {
    const p = periodFor('2026-10', { cycleMonths: 3, chargeMode: 2, billDay: 5, dueDays: 10 });
    expect(p).toMatchObject({ start: '2026-10-01', end: '2026-12-31', billDate: '2027-01-05', dueDate: '2027-01-15' });
  });

  it('quarters align to January', () => {
    const q = { ...monthly, cycleMonths: 3 };
    expect(periodsBetween('2026-02', '2026-12', q).map((p) => p.period)).toEqual(['2026-04', '2026-07', '2026-10']);
    expect(periodsBetween('2026-01', '2026-03', monthly)).toHaveLength(3);
  });

  it('the 01:00 job bills the periods whose BillDate is today', () => {
    expect(periodsBilledOn('2026-05-01', monthly).map((p) => p.period)).toEqual(['2026-05']);
    expect(periodsBilledOn('2026-05-02', monthly)).toEqual([]);
    const q = { cycleMonths: 3, chargeMode: 2, billDay: 1, dueDays: 15 };
    expect(periodsBilledOn('2026-04-01', q).map((p) => p.period)).toEqual(['2026-01']);
    expect(periodsBilledOn('2026-05-01', q)).toEqual([]);
  });
});
