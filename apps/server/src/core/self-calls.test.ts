import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesSince, mark } from '../../test/change-log';
import { sessionCalls } from '../../test/declared';
import { createTestApp, type TestApp } from '../../test/harness';
import { bodyFor, buildWorld, send, type World } from '../../test/walk-world';
import { sqlRows } from './sql-rows';

/**
 * What `self: true` claims — the call changes only the caller's own data — checked by behaviour: every self call
 * runs as a staff member without any screen, on bodies naming other people's rows (the administrator's message,
 * real rooms and residents), and afterwards every table the calls wrote still holds, row for row, what it held for
 * everybody else. A table with no owner column that a self call writes is an offence by itself.
 */
let t: TestApp;
let w: World;
let me: number;
let myPhone: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const [row] = await sqlRows<{ id: number }>(t.db, sql`select id from users where account = 'walknorole'`);
  me = Number(row!.id);
  const [phone] = await sqlRows<{ p: string }>(t.db, sql`select phone as p from users where id = ${me}`);
  myPhone = phone!.p || '13911112222';
  await t.db.execute(sql`update users set phone = ${myPhone} where id = ${me}`);
}, 120_000);
afterAll(() => t.close());

/** Columns that say whose a row is; `users` is owned by its own id. */
const OWNER_COLUMNS = ['user_id', 'created_by'];
/** Written by any signed-in request or by background work, never someone's data: the trail and bookkeeping. */
const NOT_DATA = new Set(['audit_log', 'jobs', 'job_runs', 'sign_in_guards', 'test_statement_log']);

async function ownerColumns(table: string): Promise<string[]> {
  if (table === 'users') return ['id'];
  const rows = await sqlRows<{ c: string }>(
    t.db,
    sql`select column_name as c from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and column_name in ${sql.raw(`('${OWNER_COLUMNS.join("','")}')`)}`,
  );
  return rows.map((r) => r.c);
}

/** A digest of the rows of `table` that are not the caller's. */
async function othersDigest(table: string, cols: string[]): Promise<string> {
  const mine = cols.map((c) => `x."${c}" is not distinct from ${me}`).join(' or ');
  const [r] = await sqlRows<{ d: string }>(
    t.db,
    sql.raw(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${table}" x where not (${mine})`,
    ),
  );
  return r!.d;
}

async function tables(): Promise<string[]> {
  const rows = await sqlRows<{ t: string }>(
    t.db,
    sql`select table_name as t from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'`,
  );
  return rows.map((r) => r.t).filter((x) => !NOT_DATA.has(x));
}

async function digests(names: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const n of names) {
    const cols = await ownerColumns(n);
    if (cols.length) out.set(n, await othersDigest(n, cols));
  }
  return out;
}

/** Valid bodies for the self calls that write, merged over the walk's body (which names others' rows). */
const ownBodies = (): Record<string, Record<string, unknown>> => ({
  '/user/UpdateSelf': { UserName: '走查员', Phone: myPhone },
  '/user/ChangePwd': { OldPwd: 'Walk2026x', NewPwd: 'Walk2027x', ConfirmPwd: 'Walk2027x' },
  '/SysMessage/UpdateMsgState': { All: 1 },
  '/Feedback/FeedBackAdd': { Contents: '走查：自助调用只改本人数据' },
  '/MyDeskTop/UpdateOftenFunc': { Paths: [] },
  '/Custom/SaveSelfCustom': {},
  '/user/Logout': {},
});

describe('self calls change only the caller’s own rows', () => {
  it('the digest sees a change to someone else’s row', async () => {
    const before = await digests(['users']);
    await t.db.execute(sql`update users set updated_at = updated_at + interval '1 second' where account = 'admin'`);
    expect((await digests(['users'])).get('users')).not.toBe(before.get('users'));
  });

  it('every self call, run by a staff member on bodies naming others’ rows, leaves everybody else’s rows alone', async () => {
    const calls = sessionCalls().filter((c) => c.self);
    expect(calls.length).toBeGreaterThan(8);
    const names = await tables();
    const before = await digests(names);
    const since = await mark(t.db);
    // Sign-out (on a second session of the same person) and the password change, which ends every session, last.
    const spare = await t.login('walknorole', 'Walk2026x');
    const rank = (path: string) => (/Logout/.test(path) ? 1 : /ChangePwd/.test(path) ? 2 : 0);
    const ordered = [...calls].sort((a, b) => rank(a.path) - rank(b.path));
    const answers: string[] = [];
    for (const c of ordered) {
      const r = await send(
        t,
        c.path,
        { ...bodyFor(c.path, w), ...ownBodies()[c.path] },
        /Logout/.test(c.path) ? spare : w.tokens.noRole,
      );
      answers.push(r.ret === 0 ? c.path : `${c.path} ${r.ret} ${r.msg}`);
    }
    // Bodies that pass validation, so the calls reach their writes.
    expect(answers).toEqual(expect.arrayContaining(Object.keys(ownBodies())));
    const written = [...new Set((await changesSince(t.db, since)).map((s) => s.split(' ')[0]!))];
    // The walk reached real writes of the caller's own data.
    expect(written.length).toBeGreaterThan(0);
    const unowned = written.filter((x) => !NOT_DATA.has(x) && !before.has(x));
    expect(unowned).toEqual([]);
    const after = await digests([...before.keys()]);
    const touched = [...before.keys()].filter((k) => before.get(k) !== after.get(k));
    expect(touched).toEqual([]);
  });
});
