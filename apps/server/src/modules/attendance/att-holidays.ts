import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attHolidays } from '../../db/schema';

/** 2026's official holidays (国务院办公厅 2026 notice); other years get the fixed-date ones. */
const HOLIDAYS_2026: [string, number, string][] = [
  ['01-01', 1, '元旦'],
  ['01-02', 1, '元旦'],
  ['01-03', 1, '元旦'],
  ['01-04', 2, '元旦调休'],
  ['02-14', 2, '春节调休'],
  ['02-15', 1, '春节'],
  ['02-16', 1, '春节'],
  ['02-17', 1, '春节'],
  ['02-18', 1, '春节'],
  ['02-19', 1, '春节'],
  ['02-20', 1, '春节'],
  ['02-21', 1, '春节'],
  ['02-22', 1, '春节'],
  ['02-23', 1, '春节'],
  ['02-28', 2, '春节调休'],
  ['04-04', 1, '清明节'],
  ['04-05', 1, '清明节'],
  ['04-06', 1, '清明节'],
  ['05-01', 1, '劳动节'],
  ['05-02', 1, '劳动节'],
  ['05-03', 1, '劳动节'],
  ['05-04', 1, '劳动节'],
  ['05-05', 1, '劳动节'],
  ['05-09', 2, '劳动节调休'],
  ['06-19', 1, '端午节'],
  ['06-20', 1, '端午节'],
  ['06-21', 1, '端午节'],
  ['09-20', 2, '国庆节调休'],
  ['09-25', 1, '中秋节'],
  ['09-26', 1, '中秋节'],
  ['09-27', 1, '中秋节'],
  ['10-01', 1, '国庆节'],
  ['10-02', 1, '国庆节'],
  ['10-03', 1, '国庆节'],
  ['10-04', 1, '国庆节'],
  ['10-05', 1, '国庆节'],
  ['10-06', 1, '国庆节'],
  ['10-07', 1, '国庆节'],
  ['10-10', 2, '国庆节调休'],
];
const FIXED_HOLIDAYS: [string, number, string][] = [
  ['01-01', 1, '元旦'],
  ['05-01', 1, '劳动节'],
  ['05-02', 1, '劳动节'],
  ['05-03', 1, '劳动节'],
  ['10-01', 1, '国庆节'],
  ['10-02', 1, '国庆节'],
  ['10-03', 1, '国庆节'],
];

/** The holidays of a year as seeded: the official list where the project carries it, else the fixed-date ones. */
export const holidaysOf = (year: string): [string, number, string][] =>
  year === '2026' ? HOLIDAYS_2026 : FIXED_HOLIDAYS;

/**
 * 节假日 are seeded yearly (sms-attendance.md 考勤设置): a company without any holiday in `year` gets that year's
 * list; one that already keeps the year (edited by hand) is left as it is. Answers how many days were added.
 */
export async function ensureHolidays(tx: Tx, cmpId: number, year: string, now: Date): Promise<number> {
  const [has] = await tx
    .select({ one: sql`1` })
    .from(attHolidays)
    .where(
      and(eq(attHolidays.cmpId, cmpId), gte(attHolidays.day, `${year}-01-01`), lte(attHolidays.day, `${year}-12-31`)),
    )
    .limit(1);
  if (has) return 0;
  const rows = holidaysOf(year).map(([md, kind, name]) => ({
    cmpId,
    day: `${year}-${md}`,
    kind,
    name,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.insert(attHolidays).values(rows).onConflictDoNothing();
  return rows.length;
}
