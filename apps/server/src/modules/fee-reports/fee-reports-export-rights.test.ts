import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { clerkWith } from '../properties/test-helpers';
import { feeReportBCalls } from './fee-reports-b.routes';
import { feeReportCalls } from './fee-reports.routes';

/**
 * fee-reports.md "API shapes · Calls": each …Export also needs the `export` button (DailyPrint `print`). With
 * sfgl_sfbb but without the button every Export of every report and chart answers 403 and writes nothing; with the
 * button the same call is not refused.
 */
let t: TestApp;
let admin: string;
const EXPORTS = [...feeReportCalls, ...feeReportBCalls].map((c) => c.path).filter((p) => /Export$/.test(p));
const REPORTS = [
  'Yjmx',
  'Yjhz',
  'Yjzl',
  'Jfxm',
  'Qjmx',
  'Qjhz',
  'QjhzScfj',
  'QjhzJefj',
  'YckYcmx',
  'YckDkmx',
  'YckHz',
  'CostDetails',
  'CostCollect',
  'ItemCollect',
  'PaymentMethodCollect',
  'RateCollect',
  'AnnulHouse',
  'AnnulCommunity',
  'AnnulItem',
  'Daily',
];
const CHARTS = ['CostOverview', 'MoneyCollect', 'CommunityCollect', 'ItemCollect', 'PayTypeCollect'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const exportAudits = async () => {
  const [r] = await sqlRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = 'feereport.export'`,
  );
  return r!.n;
};

/** The call's answer: the envelope's ret, or 0 for a streamed xlsx. */
async function retOf(path: string, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body,
  });
  expect(res.statusCode, path).toBe(200);
  if (String(res.headers['content-type']).includes('spreadsheetml')) return 0;
  return (res.json() as { ret: number }).ret;
}

describe('fee report exports need the export button', () => {
  it('registers an Export for every report and chart of the domain', () => {
    expect(EXPORTS).toEqual(
      expect.arrayContaining([
        ...REPORTS.map((n) => `/FeeReport/${n}Export`),
        ...CHARTS.map((n) => `/FeeChart/${n}Export`),
      ]),
    );
  });

  it('without `export` every Export answers 403 and writes no export audit; DailyPrint needs `print`', async () => {
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: 'print,confirm' }]);
    const before = await exportAudits();
    for (const path of EXPORTS) {
      expect([path, await retOf(path, viewer)]).toEqual([path, 403]);
      // The list behind it stays open to the same user: the refusal is the button's, not the screen's.
      const list = path.replace(/Export$/, path.startsWith('/FeeReport/') ? 'List' : '');
      expect([list, (await t.api(list, {}, viewer)).ret]).not.toEqual([list, 403]);
    }
    expect(await exportAudits()).toBe(before);
    const exporter = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: 'export' }]);
    expect(await retOf('/FeeReport/DailyPrint', exporter)).toBe(403);
  });

  it('with `export` the same calls are not refused', async () => {
    const exporter = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: 'export' }]);
    for (const path of EXPORTS) expect([path, await retOf(path, exporter)]).not.toEqual([path, 403]);
  });
});
