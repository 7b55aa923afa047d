import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Tx } from '../db/client';

export const CHANNEL = 'linli_push';

/** What travels between processes: who should hear what. */
export type BusEvent =
  | { kind: 'show' | 'voice'; userIds: number[] }
  /** Sessions of these users changed (logout, password, disable): sockets re-check their token. */
  | { kind: 'revoke'; userIds: number[] };

// NOTIFY payloads are capped near 8000 bytes: split long receiver lists.
const IDS_PER_EVENT = 800;

/**
 * Publishes through PostgreSQL NOTIFY inside the caller's transaction, so an event is delivered if and only if the
 * data it announces was committed, and reaches every process listening on the database (PGlite included).
 */
export async function publish(tx: Tx, event: BusEvent): Promise<void> {
  for (let i = 0; i < event.userIds.length; i += IDS_PER_EVENT) {
    const part = { ...event, userIds: event.userIds.slice(i, i + IDS_PER_EVENT) };
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(part)})`);
  }
}

export interface BusListener {
  close(): Promise<void>;
}

/** Subscribes this process to the channel; a lost PostgreSQL connection is re-opened after 2 s. */
export async function listen(
  database: Database,
  onEvent: (e: BusEvent) => void,
  log: { warn: (o: object, m: string) => void },
): Promise<BusListener> {
  const handle = (payload: string | undefined) => {
    try {
      if (payload) onEvent(JSON.parse(payload) as BusEvent);
    } catch (err) {
      log.warn({ err }, 'bad realtime payload');
    }
  };
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(CHANNEL, handle);
    return { close: () => unlisten() };
  }
  const url = (database.pool as pg.Pool & { options: { connectionString: string } }).options.connectionString;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => handle(n.payload));
    c.on('error', (err) => {
      log.warn({ err }, 'realtime listener lost its connection');
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 2000);
    });
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
