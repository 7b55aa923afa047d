import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed';
import { adminQuery, urlForDatabase } from '../../apps/server/test/pg-admin';

export type Kind = 'pglite' | 'pg';

/**
 * A throwaway database of the kind asked for, migrated and seeded with the demo company. On PostgreSQL it is a
 * database of its own on DATABASE_URL's server; the bench never writes into the database that URL names.
 */
export async function openBenchDatabase(kind: Kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-bench-'));
  // The bench signs in as one account many times a minute: lift the per-address and per-account sign-in limits.
  const config = {
    ...loadConfig(),
    signInRateLimit: 100_000,
    dataDir,
    logLevel: 'silent',
    port: 0,
    databaseUrl: undefined as string | undefined,
  };
  const baseUrl = process.env.DATABASE_URL;
  const dbName = `linli_bench_${process.pid}`;
  if (kind === 'pg') {
    if (!baseUrl) throw new Error('the PostgreSQL run needs DATABASE_URL');
    await adminQuery(baseUrl, `drop database if exists ${dbName} with (force)`);
    await adminQuery(baseUrl, `create database ${dbName}`);
    config.databaseUrl = urlForDatabase(baseUrl, dbName);
  }
  let database: Database = await openDatabase(config);
  await seedIfEmpty(database.db);
  return {
    config,
    get database() {
      return database;
    },
    /** The environment a server process needs to open this same database. */
    env: { DATA_DIR: dataDir, DATABASE_URL: config.databaseUrl ?? '' },
    /** PGlite allows one opener: the in-process database closes before a server process takes the data dir. */
    async release() {
      await database.close();
    },
    async reopen() {
      database = await openDatabase(config);
      return database;
    },
    async drop() {
      if (kind === 'pg' && baseUrl) await adminQuery(baseUrl, `drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>;
