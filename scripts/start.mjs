// `npm start`: build whatever is missing or older than its sources, then run the one server process.
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { staleTargets } from './stale.mjs';
import { supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');

for (const t of staleTargets(root)) {
  console.info(`building ${t.name}…`);
  const code = await supervise('npm', ['run', 'build', '-w', t.workspace], { cwd: root });
  if (code !== 0) process.exit(code);
}
const code = await supervise(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
});
process.exit(code);
