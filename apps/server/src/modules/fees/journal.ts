import { type SQL, sql } from 'drizzle-orm';
import { FEE_JOURNAL_EVENT } from '@linli/shared';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { feeJournal } from '../../db/schema';

/**
 * The fee journal (domain/fees.md "FeeJournal"): append-only, one row per money event of a bill, written in the
 * caller's transaction so a bill always equals the sum of its rows and reports reconcile to the fen. The bill's
 * place (community, building, room, item), BillMonth and DueDate are copied from the bill itself, so a caller only
 * names the bill, the event and the signed amounts.
 *
 * Sign conventions: 出账 +AmountMoney; 调整 the change of AmountMoney; 减免 +DiscountMoney (a waived late fee moves
 * the bill's LateFeeFrom and writes a 减免 row of 0.00); 取消 −AmountMoney and −DiscountMoney (恢复 writes the
 * opposite 取消 row, so a cancelled bill sums to 0); 收款 +PaidMoney and +LateFeeMoney (a counter 减免 rides on its
 * own 减免 row); 作废冲回 and 退款 the negative of what they undo.
 */
export interface JournalEntry {
  BillId: number;
  /** FeeJournalEvent code (1 出账 … 7 退款). */
  EventType: number;
  AmountMoney?: string;
  DiscountMoney?: string;
  PaidMoney?: string;
  LateFeeMoney?: string;
  PaymentId?: number | null;
  PaymentLineId?: number | null;
  ReversalId?: number | null;
  ReceiptNo?: string;
}

export interface JournalContext {
  cmpId: number;
  userId: number | null;
  /** Posting time: the time of the transaction (never a back-dated PayTime). */
  at: Date;
}

/**
 * Appends the entries in one INSERT … SELECT. Throws when an entry names a bill outside the company (the count
 * differs), so a caller's transaction rolls back rather than leaving a bill without its row.
 */
export async function appendJournal(tx: Tx, ctx: JournalContext, entries: readonly JournalEntry[]): Promise<number> {
  if (!entries.length) return 0;
  for (const e of entries) {
    if (!FEE_JOURNAL_EVENT[e.EventType]) throw new RangeError(`unknown journal event ${e.EventType}`);
  }
  const payload = JSON.stringify(
    entries.map((e) => ({
      bill_id: e.BillId,
      event_type: e.EventType,
      amount_money: e.AmountMoney ?? '0',
      discount_money: e.DiscountMoney ?? '0',
      paid_money: e.PaidMoney ?? '0',
      late_fee_money: e.LateFeeMoney ?? '0',
      payment_id: e.PaymentId ?? null,
      payment_line_id: e.PaymentLineId ?? null,
      reversal_id: e.ReversalId ?? null,
      receipt_no: e.ReceiptNo ?? '',
    })),
  );
  const rows = await sqlRows<{ n: number }>(
    tx,
    sql`with ins as (
        insert into ${feeJournal} (${journalColumns})
        select ${journalBillValues(sql`b`, ctx)}, e.event_type, e.amount_money, e.discount_money, e.paid_money,
               e.late_fee_money, e.payment_id, e.payment_line_id, e.reversal_id, e.receipt_no
        from jsonb_to_recordset(${payload}::jsonb) as e(bill_id int, event_type smallint, amount_money numeric,
               discount_money numeric, paid_money numeric, late_fee_money numeric, payment_id int,
               payment_line_id int, reversal_id int, receipt_no text)
        join fee_bills b on b.id = e.bill_id and b.cmp_id = ${ctx.cmpId}
        returning 1
      ) select count(*)::int as n from ins`,
  );
  const n = Number(rows[0]?.n ?? 0);
  if (n !== entries.length) throw new Error(`journal: ${entries.length - n} bill(s) not found in company ${ctx.cmpId}`);
  return n;
}

const journalColumns = sql.raw(
  [
    'cmp_id',
    'bill_id',
    'community_id',
    'building_id',
    'room_id',
    'item_id',
    'bill_month',
    'due_date',
    'event_time',
    'created_by',
    'created_at',
    'updated_at',
    'event_type',
    'amount_money',
    'discount_money',
    'paid_money',
    'late_fee_money',
    'payment_id',
    'payment_line_id',
    'reversal_id',
    'receipt_no',
  ].join(', '),
);

/** The bill-derived leading columns of a journal row, read from a fee_bills row (or a RETURNING row) alias. */
function journalBillValues(b: SQL, ctx: JournalContext): SQL {
  return sql`${b}.cmp_id, ${b}.id, ${b}.community_id, ${b}.building_id, ${b}.room_id, ${b}.item_id,
    to_char(${b}.bill_date, 'YYYY-MM'), ${b}.due_date, ${ctx.at}, ${ctx.userId}, ${ctx.at}, ${ctx.at}`;
}

/**
 * The 出账 rows of freshly inserted bills, as the tail of the generator's statement: `with ins as (insert into
 * fee_bills … returning *) <billedJournalInsert(sql`ins`)>`. Same columns as `appendJournal`, so generation and the
 * desk write one journal.
 */
export function billedJournalInsert(inserted: SQL, ctx: JournalContext): SQL {
  return sql`insert into ${feeJournal} (${journalColumns})
    select ${journalBillValues(inserted, ctx)}, 1, ${inserted}.amount_money, 0, 0, 0, null, null, null, ''
    from ${inserted}`;
}
