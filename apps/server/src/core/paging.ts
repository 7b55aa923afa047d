import { PAGE_INDEX_MAX, pagingMembers } from '@linli/shared';

/**
 * Paging of every list call: PgIndex is 1-based, PgSize has a per-call default and ceiling. The body schema
 * (`pagingFields`) has already refused what is not a page number; here a size past the call's ceiling is clamped.
 */
export function pageOf(body: { PgIndex?: unknown; PgSize?: unknown }, opts: { size?: number; max?: number } = {}) {
  const def = opts.size ?? 20;
  const max = opts.max ?? 500;
  const index = Math.min(toPositiveInt(body.PgIndex) ?? 1, PAGE_INDEX_MAX);
  const size = Math.min(toPositiveInt(body.PgSize) ?? def, max);
  return { index, size, limit: size, offset: (index - 1) * size };
}

function toPositiveInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** The paging fields as zod members, to spread into a list call's body schema. */
export const pagingFields = pagingMembers();
