// Which build outputs are older than their sources: `npm start` rebuilds only those, so a restart with nothing
// changed starts at once.
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.tmp']);

/** Newest modification time under a file or a directory; 0 when it does not exist. */
export function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (!SKIP.has(e.name)) t = Math.max(t, newestMtime(path.join(p, e.name)));
  }
  return t;
}

/** True when `output` is missing or any of `sources` (files or directories, relative to `root`) is newer. */
export function isStale(root, output, sources) {
  const built = newestMtime(path.join(root, output));
  if (built === 0) return true;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

/** What `npm start` builds, each with the output it checks and the sources that output is made from. */
export const targets = [
  {
    name: 'the web console',
    workspace: '@linli/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
  },
  {
    name: 'the server',
    workspace: '@linli/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
  },
];

/** The targets that need a build in this checkout. */
export function staleTargets(root) {
  return targets.filter((t) => isStale(root, t.output, t.sources));
}
