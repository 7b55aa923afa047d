import { HEARTBEAT_INTERVAL, RECONNECT_DELAY, WS_HEARTBEAT, WS_HEARTBEAT_BACK, WS_SHOW, WS_VOICE } from '@linli/shared';

/** Close codes with which the server says the session is not valid: retrying would only loop. */
const SESSION_CLOSE_CODES = [4401, 4403];
/** Logged when the client gives up on a socket whose heartbeat went unanswered. */
const CLOSE_NO_ANSWER = 4408;
const CLOSE_ABNORMAL = 1006;

export interface RealtimeOptions {
  url: string;
  userId: number;
  onShow: () => void;
  onVoice: () => void;
  /** The server refused the session; the caller lets the request client show the login-expired dialog. */
  onSessionRefused?: () => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The reminder channel of spec §4: sends the user's Id on open, 'heartbeat' every 28 s, and closes when no
 * 'heartbeatBack' came within 28 s; after a close or an error it reconnects in 5 s. Returns the stop function.
 */
export function connectRealtime(options: RealtimeOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let beat: ReturnType<typeof setInterval> | undefined;
  let answerDue: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const clearTimers = () => {
    clearInterval(beat);
    clearTimeout(answerDue);
    answerDue = undefined;
  };

  /** The current socket is gone: reconnect in 5 s unless stopped or the session was refused. */
  const lost = (code: number) => {
    socket = null;
    clearTimers();
    console.info(`realtime channel closed (${code})`);
    if (stopped) return;
    if (SESSION_CLOSE_CODES.includes(code)) {
      options.onSessionRefused?.();
      return;
    }
    clearTimeout(retry);
    retry = setTimeout(open, RECONNECT_DELAY);
  };

  const open = () => {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = create(options.url);
    } catch (error) {
      console.warn('realtime channel error', error);
      retry = setTimeout(open, RECONNECT_DELAY);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      ws.send(String(options.userId));
      beat = setInterval(() => {
        ws.send(WS_HEARTBEAT);
        // The answer clock runs from the oldest unanswered beat: a new beat must not reset it.
        answerDue ??= setTimeout(() => {
          // A dead link may take long to report its close; the reconnect clock starts now.
          lost(CLOSE_NO_ANSWER);
          ws.close();
        }, HEARTBEAT_INTERVAL);
      }, HEARTBEAT_INTERVAL);
    };
    ws.onmessage = (event) => {
      const text = String(event.data);
      if (text === WS_HEARTBEAT_BACK) {
        clearTimeout(answerDue);
        answerDue = undefined;
      } else if (text === WS_SHOW) options.onShow();
      else if (text === WS_VOICE) options.onVoice();
    };
    ws.onerror = (event) => {
      console.warn('realtime channel error', event);
      if (socket !== ws) return;
      lost(CLOSE_ABNORMAL);
      ws.close();
    };
    ws.onclose = (event) => {
      // Only the current socket counts: one given up on (no heartbeat answer) has already scheduled its successor.
      if (socket === ws) lost(event.code);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimers();
    clearTimeout(retry);
    socket?.close();
    socket = null;
  };
}

/** ws(s)://<this host>/socket/ — same origin, so the Admin-Token cookie authenticates the upgrade. */
export function socketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/socket/`;
}
