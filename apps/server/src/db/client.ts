import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Raw client for LISTEN/NOTIFY and data-dir dumps. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Both the source tree and the bundled dist keep migrations beside them. */
export function migrationsFolder(): string {
  const candidates = [
    path.join(import.meta.dirname, 'migrations'),
    path.join(import.meta.dirname, 'db/migrations'),
    path.join(import.meta.dirname, '../src/db/migrations'),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_310_001;

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm backs the substring searches' GIN indexes (migration 0008); PGlite loads an extension only when told here.
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

/**
 * Marks a statement whose plan each connection keeps: `sql\`${PREPARED} select …\``. A hot call's statements (the
 * session lookup, the payment's lock and write) took longer to plan than to run (PostgreSQL log: parse + bind
 * 1–1.5 ms, execute 0.1–1 ms); prepared under a name, each connection plans them once. Only for statements whose
 * text is the same on every call (the values are parameters), so each connection holds a few of them, and only
 * where one plan suits every company: a generic plan knows no company's size. Tried on the list calls with
 * plan_cache_mode=force_generic_plan: the room list's page took 0.3 ms instead of 2.5, but its count on the demo
 * company (a few hundred rooms beside the bench company's 100,000) took 9 ms instead of 0.4, a plan for the average.
 */
export const PREPARED_MARK = '/*prepared*/';
export const PREPARED = sql.raw(`${PREPARED_MARK} `);

/** Names a marked statement by its text, so node-postgres prepares it once per connection (pool 'connect'). */
function keepPlans(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const c = config as { text?: unknown; name?: unknown } | null;
    if (c && typeof c === 'object' && !c.name && typeof c.text === 'string' && c.text.startsWith(PREPARED_MARK)) {
      const name = `p_${createHash('sha1').update(c.text).digest('hex').slice(0, 24)}`;
      return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

export function openPg(url: string, max = 10): Database {
  // Sessions run in UTC; times are formatted in the company's zone by the API layer. JIT off: a report over a year
  // of a large company plans above jit_above_cost, and compiling its expressions took ~1 s of its 1.7 s on the bench
  // (fee-reports/README.md); no query of ours runs long enough for the compiled code to pay that back.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c TimeZone=UTC -c jit=off' });
  // An idle client whose server connection ends (server restart, pg_terminate_backend, DROP DATABASE … FORCE in
  // tests) makes the pool emit 'error'; unheard, that would crash the process. The pool drops the client and
  // opens a fresh one on the next checkout, so there is nothing else to do.
  pool.on('error', () => {});
  pool.on('connect', keepPlans);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'pg', pool, close: () => pool.end() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  // Several app processes may start together: one migrates, the others wait on the lock.
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export async function openDatabase(cfg: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database = cfg.databaseUrl
    ? openPg(cfg.databaseUrl)
    : await openPglite({ dataDir: path.join(cfg.dataDir, 'pg') });
  await migrateDatabase(database);
  return database;
}
