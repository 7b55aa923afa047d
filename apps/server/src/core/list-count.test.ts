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
  const page = (body: { PgIndex?: number; PgSize?: number }, totals = false) => {
    const where = eq(rooms.floor, 2);
    return listWithCount(t.db, body, {
      table: rooms,
      where,
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
});
