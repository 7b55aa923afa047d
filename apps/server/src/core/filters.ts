import { isEmptyValue } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** List filters arrive as text: blank means "any"; anything else must be an integer. */
export const optionalInt = () =>
  z.preprocess((v) => (isEmptyValue(v) ? undefined : Number(v)), z.number().int('筛选条件不正确').optional());

/** '%x%' for a substring search, with LIKE wildcards escaped so a typed % or _ matches itself. */
export const likeText = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * An id list as one array parameter ('{1,2,3}', duplicates dropped), for `= any(…::int[])`: one bind value whatever
 * the count, where `inArray` would send one per id.
 */
export const idList = (ids: number[]) => `{${[...new Set(ids)].join(',')}}`;

/** `column = any($ids::int[])`: inArray with one parameter, for the query builder and raw SQL alike. */
export const anyId = (column: AnyPgColumn | SQL, ids: number[]): SQL => sql`${column} = any(${idList(ids)}::int[])`;
