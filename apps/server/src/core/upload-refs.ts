import { uploadStoredPath } from '@linli/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { uploads } from '../db/schema';
import { fieldError } from './errors';

/**
 * A saved form may only point at files its own company uploaded: another company's upload link is refused like an
 * outside one. The reference's form is checked by the body schema (`zUploadRef`); this checks who owns it.
 */
export async function assertOwnUploads(
  db: Tx,
  cmpId: number,
  refs: readonly (string | null | undefined)[],
  field: string,
  msg: string,
): Promise<void> {
  const paths = [...new Set(refs.filter((r): r is string => !!r).map(uploadStoredPath))];
  if (!paths.length) return;
  const found = await db
    .select({ p: uploads.storedPath })
    .from(uploads)
    .where(and(eq(uploads.cmpId, cmpId), inArray(uploads.storedPath, paths)));
  if (found.length !== paths.length) throw fieldError(field, msg);
}
