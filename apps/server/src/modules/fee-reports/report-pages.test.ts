import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { authOfUser } from '../../core/job-auth';
import { sqlRows } from '../../core/sql-rows';
import { yjmx } from './accrual-reports';
import { qjhz, qjmx } from './arrears-reports';
import { journalRollup } from './journal-source';
import { reportQuery, reportRows, reportSum } from './report-kit';

/**
 * The arrears reports' and 应缴明细表's fast paths answer what the plain ones answer, on the demo data (partial payments, voids,
 * refunds, spaces and vehicles as payers): as of today they read the open bills instead of the journal
 * (measures.ts `overdueSource`), and 欠缴明细表/欠缴汇总表/应缴明细表 cut a page before naming its rows (their `page`) and sum
 * their 合计 without names (their `sumRows`).
 */
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a] = await sqlRows<{ id: number }>(t.db, sql`select id from users where account = 'admin'`);
  adminId = a!.id;
});
afterAll(() => {
  journalRollup.enabled = true;
  return t.close();
});

type Def = typeof qjmx | typeof qjhz | typeof yjmx;

async function answers(def: Def, body: Record<string, unknown>, page: { limit: number; offset: number }) {
  const auth = (await authOfUser(t.deps, adminId))!;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for two report definitions
  const q = await reportQuery(def as any, def.body.parse(body), auth, t.deps);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rows = (d: any) => reportRows(d, q, page);

  const plainDef = { ...def, page: undefined, sumRows: undefined };
  return {
    fast: await rows(def),
    plain: await rows(plainDef),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    sums: [await reportSum(def as any, q), await reportSum(plainDef as any, q)],
  };
}

describe('report fast paths', () => {
  it('a page cut before naming equals the page of the whole sorted list, and counts the same', async () => {
    const bodies: [Def, Record<string, unknown>][] = [
      [qjmx, {}],
      [qjmx, { AgeBand: 2 }],
      [qjmx, { MinOverdueDays: 40 }],
      [qjmx, { Keyword: '1栋' }],
      [qjmx, { SortField: 'ArrearsMoney', SortOrder: 'ascend' }],
      [qjhz, { SortField: 'OwnerName' }],
      [qjhz, {}],
      [qjhz, { MinMonths: 2 }],
      [qjhz, { GroupBy: 2 }],
      [qjhz, { Keyword: '1栋' }],
      [qjhz, { Keyword: '138' }],
      [yjmx, {}],
      [yjmx, { Keyword: '2栋', State: 3 }],
    ];
    for (const [def, body] of bodies)
      for (const page of [
        { limit: 20, offset: 0 },
        { limit: 50, offset: 100 },
      ]) {
        const a = await answers(def, { ...body, ExactCount: 1 }, page);
        expect(a.fast.rows, `${def.name} ${JSON.stringify(body)} ${page.offset}`).toEqual(a.plain.rows);
        expect(a.fast.count).toBe(a.plain.count);
        expect(a.sums[0], `${def.name} 合计 ${JSON.stringify(body)}`).toEqual(a.sums[1]);
      }
    const whole = await answers(qjmx, { ExactCount: 1 }, { limit: 20, offset: 0 });
    expect(whole.fast.count).toBeGreaterThan(40);
  });

  it('as of today the open bills answer what the journal answers, in every arrears report', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const calls: [string, Record<string, unknown>][] = [
      ['QjmxList', { PgSize: 200 }],
      ['QjmxSum', {}],
      ['QjhzList', { PgSize: 200 }],
      ['QjhzList', { GroupBy: 3 }],
      ['QjhzSum', {}],
      ['QjhzScfjList', {}],
      ['QjhzScfjSum', { GroupBy: 2 }],
      ['QjhzJefjList', {}],
      ['QjhzJefjSum', {}],
    ];
    for (const [name, body] of calls) {
      journalRollup.enabled = true;
      const bills = await t.api(`/FeeReport/${name}`, body, admin);
      journalRollup.enabled = false;
      const journal = await t.api(`/FeeReport/${name}`, body, admin);
      journalRollup.enabled = true;
      expect(bills.ret, name).toBe(0);
      expect(bills.data, `${name} ${JSON.stringify(body)}`).toEqual(journal.data);
      expect(bills.count).toBe(journal.count);
    }
  });
});
