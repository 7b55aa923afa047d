import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Test-only statement log: after every INSERT, UPDATE and DELETE on an application table, a statement-level trigger
 * records the table, the operation, how many rows it touched and the statement's text (current_query()). Works the
 * same on PGlite and PostgreSQL, sees raw SQL and the query builder alike, and a rolled-back statement leaves no
 * entry, so "nothing changed" is "no entry with rows". Installed once in the test template (global-setup).
 */
export const LOG_TABLE = 'test_statement_log';

/** Tables written whatever the request did: the job runner's bookkeeping and the per-address request counts. */
const BACKGROUND = new Set(['job_runs', 'sign_in_guards', LOG_TABLE]);
/** The audit trail records who did (or exported) what; an entry there is a trace of the call, not a change of data. */
const TRAIL = new Set(['audit_log']);

export async function installChangeLog(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists ${LOG_TABLE} (
      id serial primary key, tbl text not null, op text not null, n int not null, q text not null)`),
  );
  await db.execute(
    sql.raw(`create or replace function test_log_statement() returns trigger language plpgsql as $$
      begin
        insert into ${LOG_TABLE} (tbl, op, n, q) select TG_TABLE_NAME, TG_OP, count(*), coalesce(current_query(), '') from changed;
        return null;
      end $$`),
  );
  const tables = await tableNames(db);
  const ddl = tables.flatMap((t) => [
    `create trigger test_log_ins after insert on "${t}" referencing new table as changed for each statement execute function test_log_statement()`,
    `create trigger test_log_upd after update on "${t}" referencing new table as changed for each statement execute function test_log_statement()`,
    `create trigger test_log_del after delete on "${t}" referencing old table as changed for each statement execute function test_log_statement()`,
  ]);
  for (const d of ddl) await db.execute(sql.raw(d));
}

async function tableNames(db: Db): Promise<string[]> {
  const r = await db.execute<{ t: string }>(
    sql.raw(`select table_name as t from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '${LOG_TABLE}'
        and table_name not like '\\_\\_%' order by 1`),
  );
  return rowsOf<{ t: string }>(r).map((x) => x.t);
}

/** Tables that carry the tenant column. */
export async function tenantTables(db: Db): Promise<Set<string>> {
  const r = await db.execute<{ t: string }>(
    sql.raw(`select table_name as t from information_schema.columns
      where table_schema = 'public' and column_name = 'cmp_id'`),
  );
  return new Set(rowsOf<{ t: string }>(r).map((x) => x.t));
}

export type Statement = {
  id: number;
  tbl: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  n: number;
  q: string;
};

/** The newest entry's id: take it before an action, then read what came after. */
export async function mark(db: Db): Promise<number> {
  const r = await db.execute<{ id: number | null }>(sql.raw(`select max(id) as id from ${LOG_TABLE}`));
  return Number(rowsOf<{ id: number | null }>(r)[0]?.id ?? 0);
}

export async function statementsSince(db: Db, after: number): Promise<Statement[]> {
  const r = await db.execute<Statement>(
    sql.raw(`select id, tbl, op, n, q from ${LOG_TABLE} where id > ${Number(after)} order by id`),
  );
  return rowsOf<Statement>(r);
}

/** Rows changed since `after`, per table ("rooms UPDATE 3"); background bookkeeping and the audit trail left out. */
export async function changesSince(db: Db, after: number): Promise<string[]> {
  return (await statementsSince(db, after))
    .filter((s) => s.n > 0 && !BACKGROUND.has(s.tbl) && !TRAIL.has(s.tbl))
    .map((s) => `${s.tbl} ${s.op} ${s.n}`);
}

/**
 * UPDATE and DELETE statements on a tenant table whose own WHERE does not name `cmp_id` (the tenant guard must be
 * in the write itself, not only in the lookup before it). A statement's top-level WHERE is searched, with nested
 * sub-selects in it; a `cmp_id` only in a SET expression or a CTE does not count.
 */
export function unguardedWrites(statements: Statement[], tenant: Set<string>): Statement[] {
  return statements.filter(
    (s) => (s.op === 'UPDATE' || s.op === 'DELETE') && tenant.has(s.tbl) && !BACKGROUND.has(s.tbl) && !guarded(s),
  );
}

function guarded(s: Statement): boolean {
  const verb = s.op === 'UPDATE' ? 'update' : 'delete\\s+from';
  const target = new RegExp(`^\\s*(with\\b[\\s\\S]*?)?\\b${verb}\\s+(only\\s+)?"?${s.tbl}"?(\\s|$)`, 'i');
  const parts = topLevel(s.q, ';').filter((p) => target.test(flatten(p)));
  // No such statement in the text: an upsert's UPDATE (the insert sets cmp_id) or a foreign key's cascade from a
  // parent row, whose own statement is checked where it is logged.
  if (!parts.length) return true;
  return parts.every((p) => {
    const flat = flatten(p);
    const verbAt = flat.search(/\b(update|delete)\b/i);
    const whereAt = flat.slice(verbAt).search(/\bwhere\b/i);
    return whereAt >= 0 && /cmp_id/i.test(p.slice(verbAt + whereAt));
  });
}

/** The text with every parenthesised part blanked out (same length), so only top-level words remain. */
function flatten(text: string): string {
  let depth = 0;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') depth++;
    out += depth > 0 ? ' ' : ch;
    if (ch === ')') depth = Math.max(0, depth - 1);
  }
  return out;
}

function topLevel(text: string, sep: string): string[] {
  const flat = flatten(text);
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < flat.length; i++)
    if (flat[i] === sep) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  parts.push(text.slice(start));
  return parts;
}

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}
