/** What 阿里云 and 腾讯云 adapters share: pacing, one bounded HTTP call, and splitting messages into calls. */

export const CONNECT_FAILED = '通道连接失败';
const TIMEOUT_MS = 10_000;

const nextSlot = new Map<string, number>();

/**
 * Waits for this channel's next call slot, at most `perSecond` calls a second. The providers throttle API calls per
 * account (阿里云 isv.BUSINESS_LIMIT_CONTROL, 腾讯云 RequestLimitExceeded) and a throttled call fails real messages
 * (refunded, but not delivered), so a large batch is paced below the ceiling rather than retried after tripping it.
 * Kept per process: several server processes each keep their own pace.
 */
export async function pace(key: string, perSecond: number): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(key) ?? 0);
  nextSlot.set(key, slot + 1000 / perSecond);
  if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
}

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body, or null when it was not JSON. */
  json: unknown;
}

/**
 * One provider call with a 10 s limit. A network error, a refused connection or the time limit answers null (the
 * caller fails that call's messages '通道连接失败'); it never throws, so a job is never left hanging or retried into
 * sending twice.
 */
export async function providerFetch(url: string, init: RequestInit): Promise<HttpAnswer | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch {
    return null;
  }
}

/**
 * Splits messages into provider calls: one key (template, signature … whatever a call must share) per call, at most
 * `max` numbers, and no number twice in a call (the provider answers per number, so a repeated one would be
 * ambiguous).
 */
export function splitCalls<T extends { phone: string }>(items: T[], keyOf: (t: T) => string, max: number): T[][] {
  const open = new Map<string, T[]>();
  const calls: T[][] = [];
  for (const it of items) {
    const key = keyOf(it);
    let cur = open.get(key);
    if (!cur || cur.length >= max || cur.some((c) => c.phone === it.phone)) {
      cur = [];
      calls.push(cur);
      open.set(key, cur);
    }
    cur.push(it);
  }
  return calls;
}

/** A provider's words for a refusal, Chinese where it gave or we know them. */
export function reasonText(code: string, message: string, known: Record<string, string>): string {
  const text = /[\u4e00-\u9fff]/.test(message) ? message : known[code] || [code, message].filter(Boolean).join(' ');
  return (text || '发送失败').slice(0, 100);
}
