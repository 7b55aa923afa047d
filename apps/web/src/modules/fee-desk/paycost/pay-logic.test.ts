import { describe, expect, it } from 'vitest';
import type { BillRow } from '../api';
import { payTotals } from './pay-logic';

const bill = (Id: number, ItemId: number, UnpaidMoney: string, LateFeeMoney = '0.00') =>
  ({ Id, ItemId, UnpaidMoney, LateFeeMoney }) as BillRow;

describe('payTotals', () => {
  it('sums the chosen bills in fen and the shortfall', () => {
    const t = payTotals(
      [bill(1, 7, '223.43'), bill(2, 7, '223.43', '1.10')],
      new Set([1, 2]),
      {},
      false,
      [],
      [{ Method: 1, AmountMoney: '500' }],
    );
    expect(t).toMatchObject({
      principalFen: 44686,
      lateFen: 110,
      payableFen: 44796,
      shortFen: -5204,
      nonCashOver: false,
    });
  });

  it('takes prepaid from the item account first, then 通用', () => {
    const t = payTotals(
      [bill(1, 7, '100.00')],
      new Set([1]),
      { 1: '100.00' },
      true,
      [
        { Id: 1, ItemId: 0, ItemName: '通用', BalanceMoney: '50.00' },
        { Id: 2, ItemId: 7, ItemName: '物业费', BalanceMoney: '30.00' },
      ],
      [{ Method: 2, AmountMoney: '30' }],
    );
    expect(t).toMatchObject({ prepaidFen: 8000, payableFen: 2000, shortFen: -1000, nonCashOver: true });
  });
});
