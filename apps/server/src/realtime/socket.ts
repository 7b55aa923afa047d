import websocket from '@fastify/websocket';
import { COOKIE_TOKEN, WS_HEARTBEAT, WS_HEARTBEAT_BACK } from '@linli/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { resolveToken } from '../core/auth';
import type { AppDeps } from '../deps';
import { type BusEvent, listen } from './bus';
import { Hub, type Peer } from './hub';

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_WRONG_USER = 4403;
export const CLOSE_SILENT = 4408;
/** The client beats every 28 s; two missed beats and the socket is dead. */
export const SILENT_LIMIT_MS = 60_000;

function tokenOf(req: FastifyRequest): string | null {
  const fromCookie = req.cookies?.[COOKIE_TOKEN];
  if (fromCookie) return fromCookie;
  // The desktop host shell cannot set cookies: it passes the token in the query.
  const q = req.query as Record<string, string | undefined>;
  return q.token || null;
}

/** `/socket/`: the reminder channel. Events from any process arrive through the bus and go to this process's peers. */
export async function registerRealtime(app: FastifyInstance, deps: AppDeps): Promise<Hub> {
  const hub = new Hub();
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const recheck = async (peers: Peer[]) => {
    for (const p of peers) {
      if (!(await resolveToken(deps, p.token))) p.socket.close(CLOSE_UNAUTHORIZED, 'session ended');
    }
  };
  const onEvent = (e: BusEvent) => {
    if (e.kind === 'revoke') void recheck(hub.peersOf(e.userIds)).catch(() => {});
    else hub.send(e.userIds, e.kind);
  };
  const listener = await listen(deps.database, onEvent, app.log);
  app.addHook('onClose', async () => {
    await listener.close();
    for (const p of hub.all()) p.socket.terminate();
  });

  const handler = (socket: WebSocket, req: FastifyRequest) => {
    const token = tokenOf(req);
    // Listen before the session is resolved: the client sends its Id the moment the socket opens.
    const authP = token ? resolveToken(deps, token).catch(() => null) : Promise.resolve(null);
    let peer: Peer | null = null;
    let lastSeen = Date.now();
    let queue = Promise.resolve();
    const watchdog = setInterval(() => {
      if (Date.now() - lastSeen > SILENT_LIMIT_MS) socket.close(CLOSE_SILENT, 'no heartbeat');
    }, 10_000);

    const onMessage = async (text: string) => {
      const auth = await authP;
      if (!auth || !token) return;
      if (!peer) {
        // The client's first message is its user Id; it must be the session's own.
        if (text !== String(auth.userId)) {
          socket.close(CLOSE_WRONG_USER, 'wrong user');
          return;
        }
        peer = { socket, userId: auth.userId, token };
        hub.add(peer);
        return;
      }
      if (text === WS_HEARTBEAT) {
        socket.send(WS_HEARTBEAT_BACK);
        // A heartbeat is also when a session that ended quietly (expiry) is noticed.
        await recheck([peer]);
      }
    };
    socket.on('message', (raw) => {
      lastSeen = Date.now();
      const text = raw.toString().trim();
      queue = queue.then(() => onMessage(text)).catch(() => {});
    });
    socket.on('close', () => {
      clearInterval(watchdog);
      if (peer) hub.remove(peer);
    });
    socket.on('error', () => socket.terminate());
    void authP.then((auth) => {
      if (!auth) socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
    });
  };
  app.get('/socket', { websocket: true }, handler);
  app.get('/socket/*', { websocket: true }, handler);
  return hub;
}
