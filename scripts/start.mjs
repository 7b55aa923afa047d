// `npm start`: build whatever is missing or older than its sources, then run the one server process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

function run(args) {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (
  stale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'])
) {
  console.info('building the web console…');
  run(['run', 'build', '-w', '@linli/web']);
}
if (stale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/shared/src'])) {
  console.info('building the server…');
  run(['run', 'build', '-w', '@linli/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
