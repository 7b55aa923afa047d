import { FeeChargeMode } from '@linli/shared';
import { addDays } from '../../core/dates';

/**
 * Billing periods (domain/fees.md "Periods and amounts"): periods align to January (a quarter starts in Jan, Apr,
 * Jul or Oct); 'YYYY-MM' is the period's first month. BillDate is the BillDay of the first month (预收) or of the
 * month after the period ends (后收); DueDate = BillDate + DueDays.
 */

export interface BillPeriod {
  period: string;
  start: string;
  end: string;
  billDate: string;
  dueDate: string;
}

export interface PeriodRules {
  cycleMonths: number;
  chargeMode: number;
  billDay: number;
  dueDays: number;
}

const monthIndex = (p: string) => Number(p.slice(0, 4)) * 12 + Number(p.slice(5, 7)) - 1;
const monthOf = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
export const addMonths = (p: string, n: number) => monthOf(monthIndex(p) + n);
export const monthsBetween = (from: string, to: string) => monthIndex(to) - monthIndex(from);

function lastDay(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
}

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/** The period a month belongs to (its aligned first month). */
export function periodOfMonth(month: string, cycleMonths: number): string {
  const i = monthIndex(month);
  const m = i % 12;
  return monthOf(i - (m % cycleMonths));
}

export function periodFor(first: string, r: PeriodRules): BillPeriod {
  const lastMonth = addMonths(first, r.cycleMonths - 1);
  const billMonth = r.chargeMode === FeeChargeMode.Arrears ? addMonths(lastMonth, 1) : first;
  const billDate = dayOf(billMonth, r.billDay);
  return {
    period: first,
    start: `${first}-01`,
    end: lastDay(lastMonth),
    billDate,
    dueDate: addDays(billDate, r.dueDays),
  };
}

/** The periods whose first month lies in [from, to] (aligned to the cycle). */
export function periodsBetween(from: string, to: string, r: PeriodRules): BillPeriod[] {
  const out: BillPeriod[] = [];
  for (let p = periodOfMonth(from, r.cycleMonths); p <= to; p = addMonths(p, r.cycleMonths)) {
    if (p >= from) out.push(periodFor(p, r));
  }
  return out;
}

/** The periods whose BillDate is `day` ('YYYY-MM-DD'): what the 01:00 job bills that morning. */
export function periodsBilledOn(day: string, r: PeriodRules): BillPeriod[] {
  if (Number(day.slice(8, 10)) !== r.billDay) return [];
  const month = day.slice(0, 7);
  const first = r.chargeMode === FeeChargeMode.Arrears ? addMonths(month, -r.cycleMonths) : month;
  return periodOfMonth(first, r.cycleMonths) === first ? [periodFor(first, r)] : [];
}

/** The meter bill's period: the reading's month, billed on the BillDay of the month after (后收 by nature). */
export function meterPeriod(month: string, billDay: number, dueDays: number): BillPeriod {
  return periodFor(month, { cycleMonths: 1, chargeMode: FeeChargeMode.Arrears, billDay, dueDays });
}
