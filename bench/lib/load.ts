import autocannon from 'autocannon';
import { record } from './report';
import { formBody } from './stats';
import type { Kind } from './bench-db';

export interface LoadRequest {
  path: string;
  body: Record<string, string | number>;
}

/**
 * A bounded load run against a server on loopback: `connections` signed-in users sending the mix for `seconds`.
 * Every answer is read; an envelope with ret ≠ 0 counts as an error like a transport fault does.
 */
export async function loadRun(opts: {
  db: Kind;
  name: string;
  url: string;
  token: string;
  mix: LoadRequest[];
  connections: number;
  seconds: number;
}) {
  let failed = 0;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    requests: opts.mix.map((r) => ({
      method: 'POST',
      path: `/api${r.path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${opts.token}` },
      body: formBody(r.body),
      onResponse: (_status: number, body: string) => {
        if (!body.startsWith('{"ret":0')) failed += 1;
      },
    })),
  });
  const errors = result.errors + result.timeouts + result.non2xx + failed;
  record({
    db: opts.db,
    name: opts.name,
    extra: {
      'req/s': Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      errors,
      conns: opts.connections,
    },
  });
  return { reqPerSec: result.requests.average, p99: result.latency.p99, errors };
}
