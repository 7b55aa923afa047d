import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { rooms } from '../db/schema';
import { listWithCount } from './list-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('listWithCount', () => {
  const page = (
    body: { PgIndex?: number; PgSize?: number; ExactCount?: number },
    totals = false,
    countCap?: number,
  ) => {
    const where = eq(rooms.floor, 2);
    return listWithCount(t.db, body, {
      table: rooms,
      where,
      countCap,
      totals: totals ? { BuildArea: rooms.buildArea } : undefined,
      rows: ({ limit, offset }) =>
        t.db.select({ Id: rooms.id }).from(rooms).where(where).orderBy(rooms.id).limit(limit).offset(offset),
    });
  };

  it('answers a page and the total of the whole filter, also past the last page', async () => {
    const { rows } = (await t.db.execute(sql`select count(*)::int as n from rooms where floor = 2`)) as {
      rows: { n: number }[];
    };
    const n = rows[0]!.n;
    expect(n).toBeGreaterThan(3);
    const first = await page({ PgIndex: 1, PgSize: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.count).toBe(n);
    expect(first.totals).toBeUndefined();
    const beyond = await page({ PgIndex: 999, PgSize: 3 });
    expect(beyond.data).toEqual([]);
    expect(beyond.count).toBe(n);
  });

  it('sums money columns exactly over the whole filter, not the page', async () => {
    const { rows } = (await t.db.execute(sql`select sum(build_area)::text as s from rooms where floor = 2`)) as {
      rows: { s: string }[];
    };
    const s = rows[0]!.s;
    const r = await page({ PgIndex: 1, PgSize: 2 }, true);
    expect(r.data).toHaveLength(2);
    expect(r.totals).toEqual({ BuildArea: s });
    expect(s).toMatch(/^\d+\.\d{2}$/);
  });

  it('stops counting at the cap and says more match; ExactCount=1 and a page past the cap count further', async () => {
    const exact = (await page({ PgIndex: 1, PgSize: 2 })).count;
    expect(exact).toBeGreaterThan(5);
    const capped = await page({ PgIndex: 1, PgSize: 2 }, false, 3);
    expect(capped.data).toHaveLength(2);
    expect(capped.count).toBe(3);
    expect(capped.countMore).toBe(true);
    // The page asked for ends past the cap: the count reaches at least its end, so the pager can always go on.
    const deep = await page({ PgIndex: 3, PgSize: 2 }, false, 3);
    expect(deep.count).toBe(Math.min(exact, 6));
    expect(deep.countMore).toBe(exact > 6);
    const full = await page({ PgIndex: 1, PgSize: 2, ExactCount: 1 }, false, 3);
    expect(full.count).toBe(exact);
    expect(full.countMore).toBeUndefined();
    // Within the cap the count is exact and says nothing more.
    const small = await page({ PgIndex: 1, PgSize: 2 }, false, exact);
    expect(small.count).toBe(exact);
    expect(small.countMore).toBeUndefined();
  });
});
