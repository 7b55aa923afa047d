import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * Receipt (SF) and refund (TK) numbers: prefix + year + 6 digits (SF2026000123), gapless per company and year.
 *
 * A payment commits with a placeholder ('~SF2026' + random) and takes its number right after, in one statement of
 * its own (`fee_take_receipt_no`, migration 0016): the counter row of the company is then locked for that statement
 * and its commit only, never for a whole payment, which let 20 cashiers queue behind one another's transactions.
 * The function locks the payment row first and bumps the counter only for a payment still unnumbered, so every
 * number taken is used; a payment whose process died before numbering is numbered when its RequestId is retried.
 */
export const pendingReceiptNo = (prefix: 'SF' | 'TK', year: number) =>
  `~${prefix}${year}${randomBytes(6).toString('hex')}`;

export const isPendingReceiptNo = (no: string) => no.startsWith('~');

/** The number of a committed payment (its placeholder names prefix and year); run outside any transaction. */
export async function takeReceiptNo(db: Tx, cmpId: number, paymentId: number, placeholder: string): Promise<string> {
  const prefix = placeholder.slice(1, 3);
  const year = Number(placeholder.slice(3, 7));
  const [row] = await sqlRows<{ no: string | null }>(
    db,
    sql`select fee_take_receipt_no(${cmpId}::int, ${paymentId}::int, ${prefix}::text, ${year}::int) as no`,
  );
  if (!row?.no) throw new Error('receipt number not taken');
  return row.no;
}

/**
 * The next number inside the caller's transaction (a TK number at a refund's approval): the counter row's lock holds
 * concurrent callers until this one commits, and a rollback takes the number back.
 */
export async function nextReceiptNo(tx: Tx, cmpId: number, prefix: 'SF' | 'TK', year: number): Promise<string> {
  const [row] = await sqlRows<{ last_no: number }>(
    tx,
    sql`insert into fee_receipt_seqs (cmp_id, prefix, year, last_no) values (${cmpId}, ${prefix}, ${year}, 1)
        on conflict (cmp_id, prefix, year) do update set last_no = fee_receipt_seqs.last_no + 1, updated_at = now()
        returning last_no`,
  );
  if (!row) throw new Error('receipt sequence not bumped');
  if (row.last_no > 999_999) throw new Error('receipt numbers of the year exhausted');
  return `${prefix}${year}${String(row.last_no).padStart(6, '0')}`;
}
