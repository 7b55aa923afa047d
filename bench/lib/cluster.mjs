// N server processes on one port and one PostgreSQL database (node:cluster); the first one runs the scheduled jobs.
import cluster from 'node:cluster';
import path from 'node:path';

const n = Number(process.env.BENCH_PROCESSES ?? 2);
if (cluster.isPrimary) {
  for (let i = 0; i < n; i++) cluster.fork({ JOBS: i === 0 ? (process.env.JOBS ?? '1') : '0' });
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  let alive = n;
  cluster.on('exit', () => {
    alive -= 1;
    if (alive === 0) process.exit(0);
  });
} else {
  await import(path.resolve(import.meta.dirname, '../../apps/server/dist/main.js'));
}
