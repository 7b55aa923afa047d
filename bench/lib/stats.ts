/** Latency figures of one measured thing, in milliseconds. */
export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyOf(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => round(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0);
  return { n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: q(1) };
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Runs fn n times one after another (after a short warm-up) and answers its latency. */
export async function timeIt(n: number, fn: () => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < Math.min(10, n); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return latencyOf(samples);
}

/** Times a and b alternately, so a change in the machine's load falls on both alike. */
export async function timePair(
  n: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Latency, Latency]> {
  for (let i = 0; i < Math.min(10, n); i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < n; i++) {
    let t0 = performance.now();
    await a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    sb.push(performance.now() - t0);
  }
  return [latencyOf(sa), latencyOf(sb)];
}

/** A call's body as a form string: numbers and text alike. */
export const formBody = (body: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
