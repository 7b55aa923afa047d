import type { AppDeps } from '../deps';
import { countInWindow } from './rate-window';

interface RouteParams {
  routeInfo?: { url?: string };
}

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store that counts in the database (sign_in_guards), so the per-address limits of sign-in
 * and phone codes hold across every server process on one database, as the per-account limit already does.
 * Each route counts on its own key, like the plugin's own stores.
 */
export function databaseRateStore(deps: AppDeps) {
  return class DatabaseRateStore {
    private readonly route: string;

    constructor(options?: object) {
      this.route = (options as RouteParams | undefined)?.routeInfo?.url ?? '';
    }

    incr(key: string, done: Done, timeWindow: number): void {
      countInWindow(deps, `ip:${this.route}:${key}`, timeWindow).then(
        (r) => done(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => done(err),
      );
    }

    child(params: object): DatabaseRateStore {
      return new DatabaseRateStore(params);
    }
  };
}
