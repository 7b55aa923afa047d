import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness';
import { users } from '../db/schema';
import { notify } from '../modules/messages/notify';

let t: TestApp;
let token: string;
let userId: number;
let cmpId: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  token = await t.login('service', 'Service@123');
  const [u] = await t.db.select().from(users).where(eq(users.account, 'service'));
  userId = u!.id;
  cmpId = u!.cmpId;
});
afterAll(() => t.close());

/** Opens a socket and collects what the server says; resolves once open. */
function connect(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const got: string[] = [];
  let closed: number | null = null;
  ws.on('message', (d) => got.push(d.toString()));
  ws.on('close', (code) => {
    closed = code;
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, got, opened, closedWith: () => closed };
}

async function until(cond: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('/socket/', () => {
  it('authenticates by the Admin-Token cookie, answers heartbeat and receives a notify', async () => {
    const c = connect(`${base}/socket/`, { cookie: `Admin-Token=${token}` });
    await c.opened;
    c.ws.send(String(userId));
    c.ws.send('heartbeat');
    await until(() => c.got.includes('heartbeatBack'));
    await t.db.transaction((tx) =>
      notify(tx, { cmpId, userIds: [userId], msgType: 4, title: '报修超时', voice: true }),
    );
    await until(() => c.got.includes('voice'));
    await t.db.transaction((tx) => notify(tx, { cmpId, userIds: [userId], msgType: 6, title: '公告' }));
    await until(() => c.got.includes('show'));
    c.ws.close();
  });

  it('accepts the token in the query for the desktop host', async () => {
    const c = connect(`${base}/socket/?token=${token}`);
    await c.opened;
    c.ws.send(String(userId));
    c.ws.send('heartbeat');
    await until(() => c.got.includes('heartbeatBack'));
    c.ws.close();
  });

  it('closes a socket without a session, and one that names another user', async () => {
    const anon = connect(`${base}/socket/`);
    await anon.opened;
    await until(() => anon.closedWith() === 4401);
    const wrong = connect(`${base}/socket/`, { cookie: `Admin-Token=${token}` });
    await wrong.opened;
    wrong.ws.send(String(userId + 1));
    await until(() => wrong.closedWith() === 4403);
  });

  it('closes the socket of a session that logs out', async () => {
    const own = await t.login('kefu1', 'Linli@123');
    const [u] = await t.db.select().from(users).where(eq(users.account, 'kefu1'));
    const c = connect(`${base}/socket/`, { cookie: `Admin-Token=${own}` });
    await c.opened;
    c.ws.send(String(u!.id));
    c.ws.send('heartbeat');
    await until(() => c.got.includes('heartbeatBack'));
    await t.api('/user/Logout', {}, own);
    await until(() => c.closedWith() === 4401);
  });
});

describe.runIf(onPostgres())('two server processes on one PostgreSQL database', () => {
  it('a notify committed through instance A reaches a socket held by instance B', async () => {
    const b = await t.secondApp();
    const urlB = (await b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const c = connect(`${urlB}/socket/`, { cookie: `Admin-Token=${token}` });
    await c.opened;
    c.ws.send(String(userId));
    c.ws.send('heartbeat');
    await until(() => c.got.includes('heartbeatBack'));
    // Instance A's own database handle: the event crosses processes only through LISTEN/NOTIFY.
    await t.db.transaction((tx) => notify(tx, { cmpId, userIds: [userId], msgType: 4, title: '跨进程', voice: true }));
    await until(() => c.got.includes('voice'));
    c.ws.close();
  });
});
