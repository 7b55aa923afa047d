import type { TestApp } from '../../../test/harness';

/** Test helpers of the fees area (not a test file itself). */
export const STD_BASE = {
  PriceMethod: 1,
  UnitPrice: '2.50',
  CycleMonths: 1,
  ChargeMode: 1,
  BillDay: 1,
  DueDays: 15,
  LateFeeRate: '0.5',
  LateFeeUnit: 1,
};

export async function makeItem(t: TestApp, token: string, name: string, over: Record<string, unknown> = {}) {
  const r = await t.api<{ Id: number }>('/FeeItem/Save', { ItemName: name, Category: 1, Kind: 1, ...over }, token);
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data.Id;
}

export async function makeStandard(t: TestApp, token: string, body: Record<string, unknown>) {
  const r = await t.api<{ Id: number }>('/FeeStandard/Save', { ...STD_BASE, ...body }, token);
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data.Id;
}

/** 'YYYY-MM' of the month `n` months after the app clock's month (Asia/Shanghai). */
export function monthFrom(t: TestApp, n: number): string {
  const d = new Date(t.deps.now().getTime() + 8 * 3600_000);
  const i = d.getUTCFullYear() * 12 + d.getUTCMonth() + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}
