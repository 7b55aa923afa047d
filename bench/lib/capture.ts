import type { Database } from '../../apps/server/src/db/client';

export interface Statement {
  text: string;
  params: unknown[];
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * Records the SQL a call sends, so the bench can run exactly those statements raw on the same database and print
 * the two side by side. Drizzle sends every query through `query()` of the PGlite instance or of the pg pool, and a
 * transaction's through the pool's checked-out client (PostgreSQL) or PGlite's transaction handle: all are recorded.
 */
export function sqlRecorder(database: Database) {
  let recording: Statement[] | null = null;
  const wrapped = new WeakSet<object>();
  const wrap = <T extends { query: QueryFn }>(target: T): T => {
    if (wrapped.has(target)) return target;
    wrapped.add(target);
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      if (recording) {
        const [first, second] = args;
        const text = typeof first === 'string' ? first : (first as { text: string }).text;
        const params = (Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? [])) as unknown[];
        recording.push({ text, params });
      }
      return original(...args);
    };
    return target;
  };
  type Client = { query: QueryFn; release(): void };
  type Callback = (err: Error | undefined, client: Client, done: () => void) => void;
  const pool = database.pool as unknown as
    { query: QueryFn; connect(cb?: Callback): Promise<Client> | undefined } | undefined;
  const pglite = database.pglite as unknown as
    { query: QueryFn; transaction<R>(cb: (tx: { query: QueryFn }) => Promise<R>): Promise<R> } | undefined;
  const rawQuery = (pool ?? pglite)!.query.bind(pool ?? pglite);
  const connect = pool?.connect.bind(pool);
  const rawConnect = connect && (() => connect() as Promise<Client>);
  if (pool) {
    // pool.query checks a client out with a callback, drizzle's transactions with the promise: wrapping the
    // clients records every statement once.
    pool.connect = (cb?: Callback) =>
      cb ? connect!((err, client, done) => cb(err, client && wrap(client), done)) : rawConnect!().then(wrap);
  }
  if (pglite) {
    wrap(pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (cb) => transaction((tx) => cb(wrap(tx)));
  }
  return {
    /** The statements fn sent, in order. */
    async capture(fn: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    /**
     * Runs the statements one after another, as the call did, without drizzle or the server around them: on one
     * connection, so a captured BEGIN … COMMIT holds. (PGlite's transaction handle sends its BEGIN and COMMIT
     * outside query(); there the replay runs without them.)
     */
    async runRaw(statements: Statement[]): Promise<void> {
      if (!rawConnect) {
        for (const s of statements) await rawQuery(s.text, s.params);
        return;
      }
      const client = await rawConnect();
      try {
        for (const s of statements) await client.query(s.text, s.params);
      } finally {
        client.release();
      }
    },
  };
}
