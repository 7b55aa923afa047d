import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** Rows of a raw SQL query; both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function sqlRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}
