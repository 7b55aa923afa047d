import { z } from 'zod';

/** Every answer (spec §7, ARCHITECTURE "The API contract"): HTTP 200 with this envelope; a list adds `count`. */
export interface ApiEnvelope<T> {
  ret: number;
  msg: string;
  data: T;
  count?: number;
  /** A list's money sums over the whole filter (the 合计 row), decimal text by field. */
  totals?: Record<string, string>;
  /**
   * true when more rows match than `count` says: a big filter is counted only up to a cap (LIST_COUNT_CAP, or the
   * current page's end if further); the pager shows 'count+' and asks again with ExactCount=1 for the full number.
   */
  countMore?: boolean;
}

/** How far a list counts before it stops and answers `countMore` (10,000 rows = 500 pages of 20). */
export const LIST_COUNT_CAP = 10_000;

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
  return z.object({
    ret: z.number(),
    msg: z.string(),
    data,
    count: z.number().int().min(0).optional(),
    countMore: z.boolean().optional(),
  });
}

/** The last page a list call reads: beyond it the offset would only be a mistake (or 1e308). */
export const PAGE_INDEX_MAX = 100_000;
/** The largest PgSize a request may name; each list then clamps to its own ceiling. */
export const PAGE_SIZE_MAX = 10_000;

const blankOrNumber = (v: unknown) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v);
const pageNumber = (max: number, msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(max, msg);
const MSG_PG_INDEX = `页码须为1到${PAGE_INDEX_MAX}的整数`;
const msgPgSize = (max: number) => `每页条数须为1到${max}的整数`;

/**
 * Optional PgIndex/PgSize members to spread into a list call's body; blank counts as missing. ExactCount=1 asks for
 * the full count of a filter the list would otherwise count only up to LIST_COUNT_CAP.
 */
export const pagingMembers = (maxSize = PAGE_SIZE_MAX) => ({
  PgIndex: z.preprocess(blankOrNumber, pageNumber(PAGE_INDEX_MAX, MSG_PG_INDEX).optional()),
  PgSize: z.preprocess(blankOrNumber, pageNumber(maxSize, msgPgSize(maxSize)).optional()),
  ExactCount: z.preprocess(blankOrNumber, z.literal([0, 1], { error: '精确计数须为0或1' }).optional()),
});

/** Paging query of every list call: PgIndex is 1-based. */
export const PageQuery = z.object({
  PgIndex: z.preprocess(blankOrNumber, pageNumber(PAGE_INDEX_MAX, MSG_PG_INDEX).default(1)),
  PgSize: z.preprocess(blankOrNumber, pageNumber(500, msgPgSize(500)).default(20)),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Answer of api/Img/PostFiles (spec §3). */
export interface UploadResult {
  listFileName: string[];
  listFileNameUrl: string[];
}
