#!/usr/bin/env bash
# What a newcomer does, as the README says, on a fresh clone of this checkout: install, `npm start`, sign in as
# admin, stop; `npm start` again (it must answer within 10 s and build nothing), sign in, stop; then once more with
# its output piped into a reader that goes away (`npm start | head -1`): SIGTERM must still end every process.
# Any failure fails the script. Each start prints how long it took.
set -euo pipefail

src="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
npm_pid=""
cleanup() {
  if [ -n "$npm_pid" ]; then
    for p in $(tree_of "$npm_pid"); do kill -KILL "$p" 2>/dev/null || true; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "readme-smoke: FAIL: $*" >&2
  [ -f "$work/start.log" ] && tail -n 30 "$work/start.log" >&2
  exit 1
}
now_ms() { date +%s%3N; }
# A process and all its descendants.
tree_of() {
  local p
  echo "$1"
  for p in $(pgrep -P "$1" || true); do tree_of "$p"; done
}
free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

if [ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
  echo "readme-smoke: note: uncommitted changes are not part of the clone; this checks HEAD"
fi
git clone -q "$src" "$work/linli"
cd "$work/linli"

t=$(now_ms)
# `npm ci` installs exactly the lock file, which is what `npm install` does on a lock in sync (CI's first step
# proves it is); the local cache makes it fast.
npm ci --prefer-offline --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || {
  tail -n 30 "$work/install.log" >&2
  fail "npm ci"
}
echo "readme-smoke: install took $(($(now_ms) - t)) ms"

export PORT HOST=127.0.0.1 DATA_DIR="$work/data" DATABASE_URL= LOG_LEVEL=info
PORT="$(free_port)"
base="http://127.0.0.1:$PORT"

sign_in() {
  curl -s -m 5 -X POST "$base/api/user/Login" --data 'UserAccount=admin&UserPwd=Admin@123' | grep -q '"ret":0'
}

# start <label> <limit in s> [fifo]: npm start in the background (output to the log, or its stdout into the fifo),
# then wait until admin can sign in.
start() {
  local label="$1" limit="$2" t
  t=$(now_ms)
  if [ -n "${3:-}" ]; then
    npm start >"$3" 2>"$work/start.log" &
  else
    npm start >"$work/start.log" 2>&1 &
  fi
  npm_pid=$!
  until sign_in; do
    kill -0 "$npm_pid" 2>/dev/null || fail "$label: npm start exited before answering"
    [ $(($(now_ms) - t)) -lt $((limit * 1000)) ] || fail "$label: no answer within ${limit} s"
    sleep 0.2
  done
  echo "readme-smoke: $label answered after $(($(now_ms) - t)) ms"
}

# stop <label>: SIGTERM to npm, as a user or a service manager sends it; every process it started must be gone
# within 10 s.
stop() {
  local label="$1" procs t p
  procs="$(tree_of "$npm_pid")"
  t=$(now_ms)
  kill -TERM "$npm_pid"
  for p in $procs; do
    while kill -0 "$p" 2>/dev/null; do
      [ $(($(now_ms) - t)) -lt 10000 ] || fail "$label: process $p ($(ps -o args= -p "$p")) still running 10 s after SIGTERM"
      sleep 0.1
    done
  done
  echo "readme-smoke: $label stopped after $(($(now_ms) - t)) ms"
  npm_pid=""
  ! sign_in || fail "$label: still answering after stop"
}

start "first start (builds, migrates, seeds)" 300
grep -q '^building ' "$work/start.log" || fail "the first start on a fresh clone built nothing"
sign_in || fail "first start: admin cannot sign in"
stop "first start"

start "second start" 10
if grep '^building ' "$work/start.log"; then fail "the second start rebuilt with nothing changed"; fi
sign_in || fail "second start: admin cannot sign in"
stop "second start"

# Only stdout goes into the pipe: npm itself ends on a broken pipe of its own output (and the server with it).
mkfifo "$work/pipe"
head -n 1 <"$work/pipe" >/dev/null &
reader=$!
start "third start, output into a reader that goes away" 60 "$work/pipe"
wait "$reader"
sign_in || fail "third start: admin cannot sign in"
stop "third start"

echo "readme-smoke: ok"
