import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { isStale, newestMtime } from './stale.mjs';

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-stale-'));
  const write = (rel, secondsAgo) => {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, rel);
    const t = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(p, t, t);
    fs.utimesSync(path.dirname(p), t, t);
  };
  return { root, write, done: () => fs.rmSync(root, { recursive: true, force: true }) };
}

const sources = ['web/src', 'web/index.html', 'web/public'];

test('a missing output is stale', (t) => {
  const c = checkout();
  t.after(c.done);
  c.write('web/src/main.tsx', 100);
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), true);
});

test('an output newer than every source, files and directories alike, is not rebuilt', (t) => {
  const c = checkout();
  t.after(c.done);
  c.write('web/src/main.tsx', 100);
  c.write('web/index.html', 100);
  c.write('web/dist/index.html', 10);
  // web/public does not exist: a missing source is no reason to build.
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), false);
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), false);
});

test('a source file named directly, or one deep in a directory, newer than the output makes it stale', (t) => {
  const c = checkout();
  t.after(c.done);
  c.write('web/src/a/b/deep.ts', 100);
  c.write('web/dist/index.html', 50);
  c.write('web/index.html', 10);
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), true);
  c.write('web/index.html', 100);
  c.write('web/src/a/b/deep.ts', 5);
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), true);
});

test('node_modules and dist inside a source directory do not count', (t) => {
  const c = checkout();
  t.after(c.done);
  c.write('web/src/main.tsx', 100);
  c.write('web/dist/index.html', 50);
  c.write('web/src/node_modules/x.js', 1);
  c.write('web/src/dist/y.js', 1);
  // Their own directory entries changed too; set the parent back so only the skipped trees are new.
  const old = new Date(Date.now() - 100_000);
  fs.utimesSync(path.join(c.root, 'web/src'), old, old);
  assert.equal(isStale(c.root, 'web/dist/index.html', sources), false);
});

test('newestMtime reads a file, a directory tree and a missing path', (t) => {
  const c = checkout();
  t.after(c.done);
  c.write('a/b.txt', 30);
  assert.equal(newestMtime(path.join(c.root, 'missing')), 0);
  assert.equal(newestMtime(path.join(c.root, 'a/b.txt')), fs.statSync(path.join(c.root, 'a/b.txt')).mtimeMs);
  assert.ok(newestMtime(path.join(c.root, 'a')) >= newestMtime(path.join(c.root, 'a/b.txt')));
});
