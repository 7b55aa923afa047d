import { and, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { filterWhere } from '../modules/residents/residents-query';
import { residents } from './schema';

/**
 * Substring searches ('%x%') use the pg_trgm GIN indexes of migration 0008, on PGlite (extension passed at creation,
 * db/client.ts) and on PostgreSQL alike: proven with EXPLAIN over 12,000 generated residents, inserted in bulk and only
 * ANALYZEd (PGlite has no autovacuum; the indexes keep a 64 kB pending list so the planner still trusts them).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`insert into residents (cmp_id, name, mobile, id_no, source, status)
    select 1, (array['张','李','王','赵','陈'])[1 + i % 5] || (array['伟','芳','娜','敏','静','丽','强','磊'])[1 + (i / 5) % 8]
        || (array['一','二','三','四','五','六','七','八','九'])[1 + (i / 40) % 9] || i,
      '100' || lpad(i::text, 8, '0'), '9901' || lpad(i::text, 14, '0'), 3, 1
    from generate_series(1, 12000) i`);
  // ANALYZE only, no VACUUM: PGlite runs no autovacuum, so the indexes must serve without one.
  await t.db.execute(sql`analyze residents`);
});
afterAll(() => t.close());

/** The plan of the resident list's count query for these filters. */
async function planOf(f: { Name?: string; Mobile?: string; IdNo?: string }) {
  const query = t.db
    .select({ n: count() })
    .from(residents)
    .where(and(sql`${residents.cmpId} = 1 and not ${residents.isDeleted}`, filterWhere(t.db, f, '2026-01-01', [])));
  const rows = (await t.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  return rows.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('pg_trgm indexes for substring searches', () => {
  it('the extension is loaded and the resident filters search through the trigram indexes', async () => {
    const ext = (await t.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`)) as unknown as {
      rows: unknown[];
    };
    expect(ext.rows).toHaveLength(1);
    expect(await planOf({ Mobile: '00012345' })).toContain('residents_mobile_trgm_idx');
    expect(await planOf({ Name: '伟一123' })).toContain('residents_name_trgm_idx');
    expect(await planOf({ IdNo: '00000000031' })).toContain('residents_id_no_trgm_idx');
  });
});
