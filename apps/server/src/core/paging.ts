import { z } from 'zod';

/**
 * Paging of every list call: PgIndex is 1-based, PgSize has a per-call default and ceiling. Bad or missing values
 * fall back to the defaults rather than refusing: a list should always answer.
 */
export function pageOf(body: { PgIndex?: unknown; PgSize?: unknown }, opts: { size?: number; max?: number } = {}) {
  const def = opts.size ?? 20;
  const max = opts.max ?? 500;
  const index = toPositiveInt(body.PgIndex) ?? 1;
  const size = Math.min(toPositiveInt(body.PgSize) ?? def, max);
  return { index, size, limit: size, offset: (index - 1) * size };
}

function toPositiveInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The paging fields as zod members, to spread into a list call's body schema. */
export const pagingFields = { PgIndex: z.unknown().optional(), PgSize: z.unknown().optional() };
