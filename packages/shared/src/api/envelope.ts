import { z } from 'zod';

/** Every answer (spec §7, ARCHITECTURE "The API contract"): HTTP 200 with this envelope; a list adds `count`. */
export interface ApiEnvelope<T> {
  ret: number;
  msg: string;
  data: T;
  count?: number;
  /** A list's money sums over the whole filter (the 合计 row), decimal text by field. */
  totals?: Record<string, string>;
}

/** ret codes: 0 success, the others mirror the HTTP status they stand for. */
export const RET = {
  OK: 0,
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY: 429,
  ERROR: 500,
} as const;

export type RetCode = (typeof RET)[keyof typeof RET];

/** Spec §4: the feedback call succeeds when ret is 0 or '0'; the same tolerance serves every caller. */
export function isRetOk(ret: unknown): boolean {
  return ret === RET.OK || ret === '0';
}

export function apiOk<T>(data: T, count?: number, msg = 'ok'): ApiEnvelope<T> {
  return count === undefined ? { ret: RET.OK, msg, data } : { ret: RET.OK, msg, data, count };
}

export function apiFail(ret: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  return { ret, msg, data };
}

/** A schema for an envelope whose data is `data` (to check answers in tests and clients). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ret: z.number(), msg: z.string(), data, count: z.number().int().min(0).optional() });
}

/** Paging query of every list call: PgIndex is 1-based. */
export const PageQuery = z.object({
  PgIndex: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().min(1).default(1)),
  PgSize: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z.number().int().min(1).max(500).default(20),
  ),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Answer of api/Img/PostFiles (spec §3). */
export interface UploadResult {
  listFileName: string[];
  listFileNameUrl: string[];
}
