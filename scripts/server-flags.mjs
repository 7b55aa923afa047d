/**
 * The Node flags the server runs with, wherever it is started (`npm start`, the bench's server processes).
 * A 100,000-row export holds one batch of rows at a time, yet the process grew to 310–385 MiB resident: the rows
 * outlive a young collection, and V8 let the old generation grow to 3–4× its live size (~60 MiB) before collecting
 * it (process.memoryUsage at the peak: heapUsed 200 MiB, external 25 MiB).
 * - `--max-semi-space-size=2` (MiB): most of an export's garbage is collected young.
 * - `--heap-growing-percent=20`: the old generation is collected when it has grown 20 % past its live size.
 * Measured on the bench company (PostgreSQL, room export and 收费明细表 export, two runs each): peak 163–196 MiB instead
 * of 293–385, the same export times (7.6–9.9 s), and Room/List under 32 connections within the run-to-run noise
 * (158–171 req/s either way).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=20'];
