// Bundles the server and @linli/shared (consumed as TS source) into dist/main.js; npm packages stay external.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@linli/'));

await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), cli: path.join(here, 'src/db/seed/cli.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pg-native'],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
