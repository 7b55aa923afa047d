import type { Database } from '../../apps/server/src/db/client';

export interface Statement {
  text: string;
  params: unknown[];
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * Records the SQL a call sends, so the bench can run exactly those statements raw on the same database and print
 * the two side by side. Drizzle sends every query through `query()` of the PGlite instance or of the pg pool.
 */
export function sqlRecorder(database: Database) {
  const target = (database.pglite ?? database.pool) as unknown as { query: QueryFn };
  const original = target.query.bind(target);
  let recording: Statement[] | null = null;
  target.query = (...args: unknown[]) => {
    if (recording) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      const params = (Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? [])) as unknown[];
      recording.push({ text, params });
    }
    return original(...args);
  };
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
    /** Runs the statements one after another, as the call did, without drizzle or the server around them. */
    async runRaw(statements: Statement[]): Promise<void> {
      for (const s of statements) await original(s.text, s.params);
    },
  };
}
