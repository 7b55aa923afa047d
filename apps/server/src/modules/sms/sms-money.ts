import { fenToMoney } from '@linli/shared';

/** '0.0800' → 800 (ten-thousandths of a yuan), exactly from the text. */
function priceUnits(price: string): number {
  const [whole = '0', frac = ''] = price.split('.');
  return Number(whole) * 10000 + Number(frac.slice(0, 4).padEnd(4, '0'));
}

/** 条数 × 单价 to the fen, half up, in integers (never a float). */
export function costMoney(segments: number, unitPrice: string): string {
  const units = segments * priceUnits(unitPrice);
  return fenToMoney(Math.floor((units + 50) / 100));
}
