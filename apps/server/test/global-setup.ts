import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPg, openPglite } from '../src/db/client';
import { seedIfEmpty } from '../src/db/seed/seed';
import { installChangeLog } from './change-log';
import { adminQuery, urlForDatabase } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string } | { kind: 'pg'; baseUrl: string; name: string };
  }
}

/** Migrate and seed once per run; every test file then starts from a clone of this database. */
export default async function setup(project: TestProject) {
  if (process.env.LINLI_TEST_PG) {
    const baseUrl = process.env.DATABASE_URL;
    if (!baseUrl) throw new Error('LINLI_TEST_PG needs DATABASE_URL');
    const name = `linli_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const database = openPg(urlForDatabase(baseUrl, name), 2);
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
    await installChangeLog(database.db);
    await database.close();
    project.provide('template', { kind: 'pg', baseUrl, name });
    return async () => {
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const database = await openPglite();
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  await installChangeLog(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-tpl-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('template', { kind: 'pglite', file });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
