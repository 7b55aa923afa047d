import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { test } from 'node:test';

const here = import.meta.dirname;

// A server that ignores SIGTERM and keeps writing to its stdout: the worst a child can do to its launcher.
const stubborn = `
process.on('SIGTERM', () => {});
process.stdout.on('error', () => {});
console.log(process.pid);
setInterval(() => process.stdout.write('still here\\n'), 20);
`;

// The launcher as start.mjs uses it, with a short grace so the test does not wait nine seconds.
const launcher = `
import { supervise } from ${JSON.stringify(path.join(here, 'supervise.mjs'))};
process.exit(await supervise(process.execPath, ['-e', ${JSON.stringify(stubborn)}], { graceMs: 300 }));
`;

/** A failed test must not leave its processes running (they would keep the test runner alive too). */
const reap = (t, pids) =>
  t.after(() => {
    for (const pid of pids()) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  });

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Without the fix these hang rather than fail: the timeout turns a hang into a failure.
const limit = { timeout: 20_000 };

test('SIGTERM ends the launcher and a child that ignores it, after its stdout reader has gone', limit, async (t) => {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', launcher], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = await once(proc.stdout, 'data');
  const childPid = Number(String(first).split('\n')[0]);
  reap(t, () => [childPid, proc.pid]);
  assert.ok(childPid > 0 && alive(childPid));
  proc.stdout.destroy();
  await new Promise((r) => setTimeout(r, 100));
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  const [code, signal] = await exited;
  assert.equal(signal, null, 'the launcher handles SIGTERM rather than dying of it');
  assert.notEqual(code, 0, 'a child that had to be killed is a failed stop');
  assert.equal(alive(childPid), false);
});

const clean = `process.on('SIGTERM', () => process.exit(0)); console.log(process.pid); setInterval(() => {}, 1000);`;

test('the child exits with its own code when it stops cleanly', limit, async (t) => {
  const src = launcher.replace(JSON.stringify(stubborn), JSON.stringify(clean));
  const proc = spawn(process.execPath, ['--input-type=module', '-e', src], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [first] = await once(proc.stdout, 'data');
  const childPid = Number(String(first).trim());
  reap(t, () => [childPid, proc.pid]);
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  assert.deepEqual(await exited, [0, null]);
  assert.equal(alive(childPid), false);
});

test('the child is stopped when the launcher loses its parent (npm killed)', limit, async (t) => {
  const src = launcher.replace(JSON.stringify(stubborn), JSON.stringify(clean));
  const middle = `require('node:child_process').spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(src)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
  const npmLike = spawn(process.execPath, ['-e', middle], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [first] = await once(npmLike.stdout, 'data');
  const childPid = Number(String(first).trim());
  reap(t, () => [childPid, npmLike.pid]);
  assert.ok(alive(childPid));
  npmLike.kill('SIGKILL');
  while (alive(childPid)) await new Promise((r) => setTimeout(r, 100));
});
