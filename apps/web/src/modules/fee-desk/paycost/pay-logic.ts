import { fenToMoney, toFen } from '@linli/shared';
import type { BillRow, DeskContext, Tender } from '../api';

/**
 * The desk's arithmetic in integer fen, mirroring the server's Pay: 应收 = Σ 本次缴纳 + Σ live late fees of the
 * chosen bills, 预存抵扣 from the bill's item account then 通用, 应付 = the rest; the excess of the tenders is 找零
 * (only while non-cash tenders ≤ 应付) or 转预存.
 */
export interface PayTotals {
  principalFen: number;
  lateFen: number;
  prepaidFen: number;
  payableFen: number;
  tenderedFen: number;
  /** > 0: 还差; < 0: excess. */
  shortFen: number;
  nonCashOver: boolean;
}

export const fenOr0 = (v: string | undefined | null) => {
  try {
    return v ? toFen(v) : 0;
  } catch {
    return 0;
  }
};

export function payTotals(
  bills: readonly BillRow[],
  chosen: ReadonlySet<number>,
  payNow: Readonly<Record<number, string>>,
  usePrepaid: boolean,
  accounts: DeskContext['Accounts'],
  tenders: readonly Tender[],
): PayTotals {
  const left = new Map(accounts.map((a) => [a.ItemId, fenOr0(a.BalanceMoney)]));
  let principalFen = 0;
  let lateFen = 0;
  let prepaidFen = 0;
  for (const b of bills) {
    if (!chosen.has(b.Id)) continue;
    const pay = fenOr0(payNow[b.Id] ?? b.UnpaidMoney);
    const late = fenOr0(b.LateFeeMoney);
    principalFen += pay;
    lateFen += late;
    if (!usePrepaid) continue;
    let need = pay + late;
    for (const key of [b.ItemId, 0]) {
      const take = Math.min(need, left.get(key) ?? 0);
      if (take <= 0) continue;
      left.set(key, (left.get(key) ?? 0) - take);
      prepaidFen += take;
      need -= take;
    }
  }
  const payableFen = principalFen + lateFen - prepaidFen;
  const tenderedFen = tenders.reduce((s, t) => s + fenOr0(t.AmountMoney), 0);
  const nonCash = tenders.filter((t) => t.Method !== 1).reduce((s, t) => s + fenOr0(t.AmountMoney), 0);
  return {
    principalFen,
    lateFen,
    prepaidFen,
    payableFen,
    tenderedFen,
    shortFen: payableFen - tenderedFen,
    nonCashOver: nonCash > payableFen,
  };
}

export const yuan = (fen: number) => fenToMoney(fen);

export const TENDER_METHODS = [
  { value: 1, label: '现金' },
  { value: 2, label: '微信' },
  { value: 3, label: '支付宝' },
  { value: 4, label: 'POS刷卡' },
  { value: 5, label: '银行转账' },
];
