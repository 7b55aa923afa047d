/**
 * The Node flags the server runs with, wherever it is started (`npm start`, the bench's server processes).
 * `--max-semi-space-size=2` (MiB): with V8's default young generation, a 100,000-row export let the heap grow to a
 * peak of ~300–345 MiB resident although it holds one batch of rows at a time; with 2 MiB young semi-spaces the
 * garbage is collected young and the same export peaks at ~150 MiB, for ~25 % more time (bench, PostgreSQL).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2'];
