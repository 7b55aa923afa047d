// Operator commands: `seed:reset` rebuilds the demo database; `create-company` adds a real company and its admin.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { migrateDatabase, openDatabase } from '../client';
import { createCompany } from './create-company';
import { seedIfEmpty } from './seed';

const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(config);

try {
  if (command === 'seed:reset') {
    // One statement per call: PGlite runs each as a prepared statement, which holds a single command.
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
    console.info('demo database rebuilt: admin / Admin@123');
  } else if (command === 'create-company') {
    const { values } = parseArgs({
      args: rest,
      options: { name: { type: 'string' }, account: { type: 'string' }, password: { type: 'string' } },
    });
    if (!values.name || !values.account || !values.password) {
      throw new Error('usage: npm run create-company -- --name <名称> --account <账号> --password <密码>');
    }
    const id = await createCompany(database.db, {
      name: values.name,
      account: values.account,
      password: values.password,
    });
    console.info(`company ${values.name} created (id ${id}); its administrator signs in as ${values.account}`);
  } else {
    throw new Error('usage: cli seed:reset | create-company --name … --account … --password …');
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
