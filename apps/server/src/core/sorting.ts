import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** The list kit's sort (SortField = a column's dataIndex, SortOrder asc|desc), as zod members for a list body. */
export const sortFields = { SortField: z.unknown().optional(), SortOrder: z.unknown().optional() };

/**
 * ORDER BY for a list: the requested column when the list allows sorting by it (anything else is ignored, so a
 * stale or forged field cannot reach SQL), then the list's own order as the tie-breaker that keeps paging stable.
 */
export function sortOf(
  body: { SortField?: unknown; SortOrder?: unknown },
  allowed: Record<string, AnyPgColumn | SQL>,
  fallback: (AnyPgColumn | SQL)[],
): (AnyPgColumn | SQL)[] {
  const field = typeof body.SortField === 'string' ? body.SortField : '';
  const column = Object.hasOwn(allowed, field) ? allowed[field] : undefined;
  if (!column) return fallback;
  const descending = /^desc/i.test(String(body.SortOrder ?? ''));
  return [descending ? desc(column) : asc(column), ...fallback];
}
