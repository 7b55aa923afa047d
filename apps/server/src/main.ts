import { buildApp } from './app';
import { loadConfig } from './config';
import { outboxSms } from './core/sms';
import { openDatabase } from './db/client';
import { JobWorker } from './core/job-queue';
import { Scheduler } from './core/jobs';
import { stopOnSignals } from './core/shutdown';
import { writeDemoFaces } from './db/seed/demo-faces';
import { writeDemoHouseCert } from './db/seed/demo-house-cert';
import { seedIfEmpty } from './db/seed/seed';
import type { AppDeps } from './deps';
import { allJobHandlers, allJobs } from './modules/jobs';
import { pullDeviceGateway } from './modules/residents/face-device';

const config = loadConfig();
const database = await openDatabase(config);
const placeholderLog = { info: (...a: unknown[]) => console.info(...a) };
const deps: AppDeps = { config, database, sms: outboxSms(database, placeholderLog), now: () => new Date() };
const app = await buildApp(deps, { rateLimitMax: config.signInRateLimit });
deps.sms = outboxSms(database, app.log);
deps.faceDevices = pullDeviceGateway(app.log);

if (config.demo) {
  const seeded = await seedIfEmpty(database.db);
  if (seeded) app.log.info('empty database: demo company 邻里物业 seeded (admin / Admin@123)');
  await writeDemoFaces(database.db, config.dataDir);
  await writeDemoHouseCert(database.db, config.dataDir);
}

const scheduler = new Scheduler(deps, allJobs, app.log);
const worker = new JobWorker(deps, allJobHandlers(), app.log);

stopOnSignals({
  log: app.log,
  steps: [
    { name: 'scheduler', run: () => scheduler.stop() },
    { name: 'jobs', run: () => worker.stop() },
    { name: 'http', run: () => app.close() },
    { name: 'database', run: () => database.close() },
  ],
});

await app.listen({ port: config.port, host: config.host });
// Every process works the queue (background starts must progress wherever they were made); JOBS only schedules.
worker.start();
if (config.jobs) scheduler.start();
app.log.info(`Linli console and API on http://localhost:${config.port} (${database.kind})`);
