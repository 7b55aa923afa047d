import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime } from './realtime';

class FakeSocket {
  static last: FakeSocket;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closed = true;
    this.onclose?.({ code });
  }
}

const start = (extra = {}) => {
  const created: FakeSocket[] = [];
  const handlers = { onShow: vi.fn(), onVoice: vi.fn(), onSessionRefused: vi.fn() };
  const stop = connectRealtime({
    url: 'ws://x/socket/',
    userId: 7,
    ...handlers,
    createSocket: () => {
      const s = new FakeSocket();
      created.push(s);
      return s as unknown as WebSocket;
    },
    ...extra,
  });
  created[0]!.onopen?.();
  return { created, handlers, stop };
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('realtime channel', () => {
  it("sends the user's Id on open, then 'heartbeat' every 28 s", () => {
    const { created } = start();
    expect(created[0]!.sent).toEqual(['7']);
    vi.advanceTimersByTime(28_000);
    expect(created[0]!.sent).toEqual(['7', 'heartbeat']);
  });

  it("closes when 'heartbeatBack' is 28 s late and reconnects after 5 s", () => {
    const { created } = start();
    vi.advanceTimersByTime(28_000 + 28_000);
    expect(created[0]!.closed).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(created).toHaveLength(2);
  });

  it('reconnects once, 5 s after an error followed by its close', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { created } = start();
    created[0]!.onerror?.(new Event('error'));
    expect(created[0]!.closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(created).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(created).toHaveLength(2);
  });

  it('a socket given up on for a late heartbeat does not schedule a second reconnect when it finally closes', () => {
    const { created } = start();
    created[0]!.close = function () {
      this.closed = true;
    };
    vi.advanceTimersByTime(56_000);
    created[0]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(5_000);
    expect(created).toHaveLength(2);
    vi.advanceTimersByTime(20_000);
    expect(created).toHaveLength(2);
  });

  it("keeps the socket when 'heartbeatBack' arrives", () => {
    const { created } = start();
    vi.advanceTimersByTime(28_000);
    created[0]!.onmessage?.({ data: 'heartbeatBack' });
    vi.advanceTimersByTime(27_000);
    expect(created[0]!.closed).toBe(false);
  });

  it("passes 'show' and 'voice' on", () => {
    const { created, handlers } = start();
    created[0]!.onmessage?.({ data: 'show' });
    created[0]!.onmessage?.({ data: 'voice' });
    expect(handlers.onShow).toHaveBeenCalledOnce();
    expect(handlers.onVoice).toHaveBeenCalledOnce();
  });

  it('does not retry a refused session, and stops for good when stopped', () => {
    const { created, handlers, stop } = start();
    created[0]!.close(4401);
    vi.advanceTimersByTime(10_000);
    expect(created).toHaveLength(1);
    expect(handlers.onSessionRefused).toHaveBeenCalledOnce();
    stop();
  });
});
