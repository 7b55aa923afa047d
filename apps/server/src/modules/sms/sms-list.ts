import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** 'YYYY-MM-DD' bounds on a timestamp, as calendar days of the company's zone. */
export function dayRange(column: AnyPgColumn, tz: string, from?: string, to?: string): SQL | undefined {
  const day = sql`(${column} at time zone ${tz})::date`;
  return and(from ? sql`${day} >= ${from}::date` : undefined, to ? sql`${day} <= ${to}::date` : undefined);
}

/** The `<Field>Name` of a code list ('' for an unknown code). */
export const nameOf = (names: readonly string[], code: number | null | undefined) => names[code ?? 0] ?? '';
