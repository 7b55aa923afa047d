import { sql } from 'drizzle-orm';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { takeReceiptNo } from './receipt-no';

/**
 * A payment commits before it takes its SF number (receipt-no.ts). If its process died in between, its RequestId may
 * never come again (the cashier walked away), so this sweep numbers every payment still holding its placeholder a
 * minute after it was taken: a receipt never stays unnumbered, and the numbers stay gapless.
 */
export const receiptSweepJob: JobDef = {
  name: 'fee.receipt-sweep',
  schedule: { everyMs: 60_000 },
  async run(deps, { cmpId }) {
    const { db } = deps.database;
    const pending = await sqlRows<{ id: number; cmp_id: number; receipt_no: string }>(
      db,
      sql`select id, cmp_id, receipt_no from fee_payments
        where receipt_no like '~%' and ${cmpIs(cmpId)} and created_at < ${deps.now()}::timestamptz - interval '1 minute'
        order by id limit 500`,
    );
    for (const p of pending) await takeReceiptNo(db, Number(p.cmp_id), Number(p.id), p.receipt_no);
    return { Numbered: pending.length };
  },
};
