import type { Tx } from '../../db/client';

/**
 * FeePaid (domain/fees.md "Other modules"): a paid 停车费 bill of a vehicle tells parking to extend its 月租 end.
 * Parking registers at import time (as routes do); the handler runs inside the payment's transaction, so a refusal
 * rolls the payment back and a void never leaves a renewal behind.
 */
export interface FeePaid {
  cmpId: number;
  paymentId: number;
  /** The cashier (null: 系统, the auto-deduct job) and the company's zone, whose today a renewal counts from. */
  userId: number | null;
  timeZone: string;
  /** The 停车费 bills of vehicles (PayerType 3) that this payment settled in full. */
  bills: { BillId: number; PayerType: number; PayerId: number; PeriodStart: string; PeriodEnd: string }[];
  now: Date;
}

const handlers = new Set<(tx: Tx, e: FeePaid) => Promise<void>>();

export function onFeePaid(fn: (tx: Tx, e: FeePaid) => Promise<void>): () => void {
  handlers.add(fn);
  return () => void handlers.delete(fn);
}

export async function emitFeePaid(tx: Tx, e: FeePaid): Promise<void> {
  if (!e.bills.length) return;
  for (const h of handlers) await h(tx, e);
}
