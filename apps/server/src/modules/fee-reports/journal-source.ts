import { type SQL, sql } from 'drizzle-orm';
import { addMonths, dayStart, monthOf, type TimeBounds } from './filters';

/**
 * The journal as the summing reports read it (alias `j`): the company's sealed months from fee_journal_months (the
 * fee.journal-seal job seals a month once it has closed; a trigger keeps sealed months current in the same
 * transaction as any later journal write, migration 0017), the rest from fee_journal itself. A year of a large
 * company is a million journal rows but a few thousand month rows.
 *
 * A sealed month is read summed only when no bound of the report's windows falls inside it: then every row of it
 * meets each time condition of measures.ts (`within`, `asOf`, `before`, a month's posting window) exactly as its
 * first instant does, which is the `event_time` its sums carry. Months a bound cuts, and the months after the seal,
 * are read row by row.
 *
 * Only for reports whose measures use these columns alone: cmp_id, community_id, building_id, item_id, bill_month,
 * due_date, event_time, event_type and the four sums. A report that counts bills, rooms or receipts reads
 * `journalFrom`.
 */
export const journalRollup = {
  /** Tests turn it off to compare every answer with the journal read row by row. */
  enabled: true,
};

const COLUMNS = sql.raw(
  'cmp_id, community_id, building_id, item_id, bill_month, due_date, event_time, event_type, amount_money, discount_money, paid_money, late_fee_money',
);

/** Months (YYYY-MM) a window bound falls strictly inside. */
function cutMonths(windows: TimeBounds[]): string[] {
  const days = windows.flatMap((w) => [w.startDay, w.endDay]).filter((d) => !d.endsWith('-01'));
  return [...new Set(days.map(monthOf))];
}

export function journalSource(cmpId: number, ...windows: [TimeBounds, ...TimeBounds[]]): SQL {
  if (!journalRollup.enabled) return sql`fee_journal j`;
  const { tz } = windows[0];
  const cut = cutMonths(windows);
  const sealed = sql`coalesce((select fs.sealed_month from fee_journal_seals fs where fs.cmp_id = ${cmpId}), '1970-01')`;
  const afterSeal = sql`((${sealed} || '-01')::date + interval '1 month')::timestamp at time zone ${tz}`;
  const monthStart = (m: string) => dayStart(`${m}-01`, tz);
  const rowByRow = [
    sql`j.event_time >= ${afterSeal}`,
    ...cut.map((m) => sql`(j.event_time >= ${monthStart(m)} and j.event_time < ${monthStart(addMonths(m, 1))})`),
  ];
  return sql`(
    select m.cmp_id, m.community_id, nullif(m.building_id, 0) as building_id, m.item_id, m.bill_month, m.due_date,
      ((m.event_month || '-01')::date::timestamp at time zone ${tz}) as event_time, m.event_type, m.amount_money,
      m.discount_money, m.paid_money, m.late_fee_money
    from fee_journal_months m
    where m.cmp_id = ${cmpId} and m.event_month <= ${sealed}
      ${cut.length ? sql`and m.event_month <> all(${`{${cut.join(',')}}`}::text[])` : sql``}
    union all
    select ${COLUMNS} from fee_journal j where j.cmp_id = ${cmpId} and (${sql.join(rowByRow, sql` or `)})
  ) j`;
}
