import { sql } from 'drizzle-orm';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * Seals every company's closed months into fee_journal_months (journal-source.ts): through the month before the
 * current one in the company's zone. Hourly, so a new month is sealed within the hour it opens and a new company's
 * history within the hour it appears; a company already sealed through last month costs one comparison.
 * Answers the companies sealed and the month rows written.
 */
export async function sealJournalMonths(db: Tx, now: Date, cmpId?: number) {
  const due = await sqlRows<{ id: number; through: string }>(
    db,
    sql`select c.id, to_char(date_trunc('month', ${now.toISOString()}::timestamptz at time zone c.time_zone)
          - interval '1 month', 'YYYY-MM') as through
        from companies c left join fee_journal_seals s on s.cmp_id = c.id
        where ${cmpIs(cmpId, sql`c.id`)}
          and (s.sealed_month is null or s.sealed_month < to_char(date_trunc('month',
            ${now.toISOString()}::timestamptz at time zone c.time_zone) - interval '1 month', 'YYYY-MM'))
        order by c.id`,
  );
  let rows = 0;
  for (const c of due) {
    // One transaction per company: the seal holds journal writes of every company for its few seconds only.
    const [r] = await db.transaction((tx) =>
      sqlRows<{ n: number }>(tx, sql`select fee_journal_seal(${c.id}::int, ${c.through}::text) as n`),
    );
    rows += Number(r?.n ?? 0);
  }
  return { Companies: due.length, Rows: rows };
}

export const feeJournalSealJob: JobDef = {
  name: 'fee.journal-seal',
  schedule: { everyMs: 3_600_000 },
  run: (deps, { now, cmpId }) => sealJournalMonths(deps.database.db, now, cmpId),
};
