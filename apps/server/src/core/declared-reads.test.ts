import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mark, statementsSince, tenantTables, unguardedWrites } from '../../test/change-log';
import { sessionCalls } from '../../test/declared';
import { createTestApp, type TestApp } from '../../test/harness';
import { bodyFor, buildWorld, send, watching, type World } from '../../test/walk-world';

/**
 * What the declarations claim, checked by behaviour rather than by name: every `reads: true` call, run as the
 * administrator on real rows, changes no table; then every writing call runs too, and each UPDATE or DELETE it
 * issues on a table with a tenant column names `cmp_id` in its own WHERE.
 */
let t: TestApp;
let w: World;
let tenant: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  tenant = await tenantTables(t.db);
}, 120_000);
afterAll(() => t.close());

const calls = sessionCalls();

// A walk over every registered call grows with each module: it gets the time of a walk, not of one call.
describe('declared reads change nothing; writes repeat the tenant guard', { timeout: 120_000 }, () => {
  it('the statement log sees a change and an UPDATE without cmp_id', async () => {
    const room = w.ids.room;
    const bare = await watching(t, () =>
      t.db.execute(sql`update rooms set updated_at = updated_at where id = ${room}`),
    );
    expect(bare.changed).toEqual(['rooms UPDATE 1']);
    const since = await mark(t.db);
    await t.db.execute(sql`update rooms set updated_at = updated_at where id = ${room} and cmp_id = cmp_id`);
    await t.db.execute(sql`delete from rooms where id = -1`);
    const flagged = unguardedWrites(await statementsSince(t.db, since), tenant);
    expect(flagged.map((s) => `${s.tbl} ${s.op}`)).toEqual(['rooms DELETE']);
  });

  it('every reads call, run as the administrator on real rows, changes no table', async () => {
    const reads = calls.filter((c) => c.reads);
    expect(reads.length).toBeGreaterThan(40);
    const offences: { path: string; ret: number; changed: string[] }[] = [];
    for (const c of reads) {
      const { result, changed } = await watching(t, () => send(t, c.path, bodyFor(c.path, w), w.tokens.admin));
      if (changed.length || result.ret === 500) offences.push({ path: c.path, ret: result.ret, changed });
    }
    expect(offences).toEqual([]);
  });

  it('every UPDATE and DELETE the calls issue on a tenant table carries cmp_id in its WHERE', async () => {
    const since = await mark(t.db);
    // The caller's own-data calls last, sign-out at the very end: it ends the session the others use.
    const order = [...calls.filter((c) => !c.self), ...calls.filter((c) => c.self && !/Logout/.test(c.path))];
    const logout = calls.filter((c) => c.self && /Logout/.test(c.path));
    for (const c of [...order, ...logout]) await send(t, c.path, bodyFor(c.path, w), w.tokens.admin);
    const statements = await statementsSince(t.db, since);
    // The walk reached real writes, so an empty answer below means something.
    expect(statements.filter((s) => s.op !== 'INSERT' && s.n > 0).length).toBeGreaterThan(5);
    const bad = unguardedWrites(statements, tenant).map((s) => `${s.tbl} ${s.op}: ${s.q.replace(/\s+/g, ' ')}`);
    expect([...new Set(bad)]).toEqual([]);
  });
});
