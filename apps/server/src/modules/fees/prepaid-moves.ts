import { fenToMoney } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * Every change of a prepaid balance goes through here: the balance row and its FeePrepaidTxn in the caller's money
 * transaction. A debit is `UPDATE … WHERE balance_money >= x`: when no row changes the balance did not cover it
 * (another payment may have spent it since it was read), and nothing is written.
 */
export interface PrepaidMove {
  accountId: number;
  /** Positive fen; the sign comes from the move. */
  fen: number;
  txnType: number;
  paymentId?: number | null;
  billId?: number | null;
  reversalId?: number | null;
  remark?: string;
}

export interface MoveContext {
  cmpId: number;
  userId: number | null;
  at: Date;
}

/** The room's account for an item (null = 通用), created empty on first use. */
export async function accountFor(
  tx: Tx,
  ctx: MoveContext,
  room: { id: number; communityId: number },
  itemId: number | null,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`with ins as (
          insert into fee_prepaid_accounts (cmp_id, community_id, room_id, item_id, created_by, created_at, updated_at)
          values (${ctx.cmpId}, ${room.communityId}, ${room.id}, ${itemId}, ${ctx.userId}, ${ctx.at}, ${ctx.at})
          on conflict on constraint fee_prepaid_accounts_room_item_uq do nothing returning id)
        select id from ins
        union all
        select id from fee_prepaid_accounts
        where cmp_id = ${ctx.cmpId} and room_id = ${room.id} and item_id is not distinct from ${itemId}
        limit 1`,
  );
  if (row) return row.id;
  // Another transaction created it while this statement waited on the unique index: its snapshot predates that
  // row, so a statement of its own reads it.
  const [again] = await sqlRows<{ id: number }>(
    tx,
    sql`select id from fee_prepaid_accounts
        where cmp_id = ${ctx.cmpId} and room_id = ${room.id} and item_id is not distinct from ${itemId}`,
  );
  if (!again) throw new Error('prepaid account not created');
  return again.id;
}

export async function creditPrepaid(tx: Tx, ctx: MoveContext, m: PrepaidMove): Promise<string> {
  return move(tx, ctx, m, m.fen);
}

export async function debitPrepaid(
  tx: Tx,
  ctx: MoveContext,
  m: PrepaidMove,
  message = '预存款余额不足',
): Promise<string> {
  return move(tx, ctx, m, -m.fen, message);
}

async function move(tx: Tx, ctx: MoveContext, m: PrepaidMove, signedFen: number, shortMessage?: string) {
  const amount = fenToMoney(signedFen);
  const need = fenToMoney(Math.max(0, -signedFen));
  const [row] = await sqlRows<{ balance: string }>(
    tx,
    sql`with upd as (
          update fee_prepaid_accounts set balance_money = balance_money + ${amount}::numeric,
                 last_txn_time = ${ctx.at}, updated_at = ${ctx.at}
          where id = ${m.accountId} and cmp_id = ${ctx.cmpId} and balance_money >= ${need}::numeric
          returning id, cmp_id, balance_money)
        insert into fee_prepaid_txns (cmp_id, account_id, txn_type, amount_money, balance_after_money, payment_id,
               bill_id, reversal_id, remark, created_by, created_at, updated_at)
        select cmp_id, id, ${m.txnType}, ${amount}::numeric, balance_money, ${m.paymentId ?? null},
               ${m.billId ?? null}, ${m.reversalId ?? null}, ${m.remark ?? ''}, ${ctx.userId}, ${ctx.at}, ${ctx.at}
        from upd
        returning balance_after_money::text as balance`,
  );
  if (!row) throw fail(shortMessage ?? '预存款余额不足');
  return row.balance;
}
