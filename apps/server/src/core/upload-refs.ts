import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { uploads } from '../db/schema';
import type { Auth } from './auth';
import { fieldError } from './errors';
import { sqlRows } from './sql-rows';

/** A stored path as answers carry it ('/uploads/202611/ab….jpg') or as saved ('202611/ab….jpg'). */
export const storedPath = (ref: string) => ref.trim().replace(/^\/uploads\//, '');

/**
 * Refuses a save that references an upload this company does not own (another company's file, a file that was
 * never uploaded, an outside URL): `refs` are the picture/attachment values of the save, blanks ignored. With
 * `owner`, the uploads are also marked as used by that row, so that deleting it (releaseUploads) stops serving them.
 */
export async function assertOwnUploads(
  tx: Tx,
  auth: Auth,
  /** The field the refusal names; `msg` replaces the usual '<label>不存在，请重新上传' where the spec words it. */
  field: { name: string; label: string; msg?: string },
  refs: (string | null | undefined)[],
  owner?: { table: string; id: number },
): Promise<void> {
  const paths = [...new Set(refs.filter((r): r is string => !!r?.trim()).map(storedPath))];
  if (!paths.length) return;
  const found = await tx
    .select({ p: uploads.storedPath })
    .from(uploads)
    .where(and(eq(uploads.cmpId, auth.cmpId), inArray(uploads.storedPath, paths), isNull(uploads.deletedAt)));
  if (found.length !== paths.length) throw fieldError(field.name, field.msg ?? `${field.label}不存在，请重新上传`);
  if (owner)
    await tx
      .update(uploads)
      .set({ refTable: owner.table, refId: owner.id })
      .where(and(eq(uploads.cmpId, auth.cmpId), inArray(uploads.storedPath, paths)));
}

/** The uploads of a deleted row are served no more (their files stay until a cleanup). */
export async function releaseUploads(tx: Tx, cmpId: number, owner: { table: string; id: number }, now: Date) {
  await tx
    .update(uploads)
    .set({ deletedAt: now })
    .where(and(eq(uploads.cmpId, cmpId), eq(uploads.refTable, owner.table), eq(uploads.refId, owner.id)));
}

/**
 * The content type of a stored file the company may read now, or null: an upload of the company not released,
 * or the current face photo of one of its residents (face files are written by the face processing, not uploaded).
 */
export async function readableFile(db: Tx, cmpId: number, rel: string): Promise<string | null> {
  const [row] = await sqlRows<{ mime: string | null }>(
    db,
    sql`select coalesce(
        (select u.mime from uploads u where u.stored_path = ${rel} and u.cmp_id = ${cmpId} and u.deleted_at is null),
        (select 'image/jpeg' from face_images f where f.img_path = ${rel} and f.cmp_id = ${cmpId} and f.status = 1
          limit 1),
        -- A device's 抓拍 lives under its company's own folder (access module, device-photos.ts).
        (select 'image/jpeg' where ${rel} like ${`device/${cmpId}/%`})) as mime`,
  );
  return row?.mime ?? null;
}
