// Runs child processes for as long as this launcher lives, and makes sure a stop request really stops them.
import { spawn } from 'node:child_process';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let current = null;
let stopping = false;
let installed = false;

/**
 * Stops the running child with `signal`; one still running `graceMs` later is killed. Repeats are ignored: a
 * Ctrl-C reaches the whole process group, so the child already has its own copy.
 */
function stop(signal, graceMs) {
  if (stopping) return;
  stopping = true;
  if (!current) process.exit(1);
  current.kill(signal);
  setTimeout(() => current?.kill('SIGKILL'), graceMs).unref();
}

/**
 * Lasting guards for this launcher: SIGINT/SIGTERM/SIGHUP are passed on to the child; when our parent goes away
 * (npm killed, terminal closed) the child is stopped the same way; a reader gone from our stdout (EPIPE) neither
 * kills the launcher nor orphans the child.
 */
function install(graceMs) {
  if (installed) return;
  installed = true;
  for (const s of [process.stdout, process.stderr]) s.on('error', () => {});
  for (const s of STOP_SIGNALS) process.on(s, () => stop(s, graceMs));
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop('SIGTERM', graceMs), 500).unref();
}

/**
 * Runs `command` with inherited stdio and resolves with its exit code (1 when a signal ended it). Once a stop was
 * requested, this launcher exits as soon as the child has.
 */
export function supervise(command, args, { graceMs = 9_000, cwd, env } = {}) {
  install(graceMs);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    current = child;
    const done = (code) => {
      current = null;
      if (stopping) process.exit(code);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}
