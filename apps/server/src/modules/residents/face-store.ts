import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import { uploadsDir } from '../../core/uploads';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { checkFaceImage } from './face-image';
import { FaceImageError, processFaceImage } from './face-process';
import { enqueueFaceAdds, enqueueFaceDeletes } from './face-sync';

/** A processed photo on disk, ready to become a resident's face. */
export interface FaceFile {
  path: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

/**
 * Checks a photo against the upload rules, turns it into the device JPEG and writes it beside the uploads
 * (uploads/<yyyymm>/<random>.jpg). Answers the refusal as text so that a batch can list it per photo.
 */
export async function saveFaceFile(deps: AppDeps, buf: Buffer): Promise<FaceFile | string> {
  const bad = await checkFaceImage(buf);
  if (bad) return bad;
  let img: Awaited<ReturnType<typeof processFaceImage>>;
  try {
    img = await processFaceImage(buf);
  } catch (err) {
    if (err instanceof FaceImageError) return err.message;
    throw err;
  }
  const now = deps.now();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const rel = `${month}/${randomBytes(16).toString('hex')}.jpg`;
  const root = uploadsDir(deps.config.dataDir);
  await fs.mkdir(path.join(root, month), { recursive: true });
  await fs.writeFile(path.join(root, rel), img.data);
  return {
    path: rel,
    width: img.width,
    height: img.height,
    bytes: img.data.length,
    sha256: createHash('sha256').update(img.data).digest('hex'),
  };
}

/** saveFaceFile for a single upload, where a refusal is the call's answer. */
export async function saveFaceFileOrFail(deps: AppDeps, buf: Buffer): Promise<FaceFile> {
  const r = await saveFaceFile(deps, buf);
  if (typeof r === 'string') throw fail(r);
  return r;
}

/**
 * Makes each photo its resident's one current face: the old face (if any) is retired with 删除 rows on the devices
 * that hold it, the new one gets 下发 rows (待同步) on every face lane of the resident's communities.
 */
export async function replaceFaces(
  tx: Tx,
  auth: Auth,
  items: { residentId: number; file: FaceFile }[],
  now: Date,
): Promise<{ residentId: number; faceId: number; old: number[] }[]> {
  const out: { residentId: number; faceId: number; old: number[] }[] = [];
  for (const { residentId, file } of items) {
    const old = (
      await sqlRows<{ id: number }>(
        tx,
        sql`update face_images set status = 2, updated_at = ${now}
          where resident_id = ${residentId} and status = 1 and cmp_id = ${auth.cmpId} returning id`,
      )
    ).map((o) => Number(o.id));
    await enqueueFaceDeletes(tx, auth.cmpId, old, now, false);
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into face_images (cmp_id, resident_id, img_path, thumb_path, width, height, bytes, sha256, source, status,
          created_by, created_at, updated_at)
        values (${auth.cmpId}, ${residentId}, ${file.path}, ${file.path}, ${file.width}, ${file.height}, ${file.bytes},
          ${file.sha256}, 1, 1, ${auth.userId}, ${now}, ${now}) returning id`,
    );
    out.push({ residentId, faceId: Number(row!.id), old });
  }
  await enqueueFaceAdds(
    tx,
    auth.cmpId,
    out.map((o) => o.faceId),
    now,
  );
  return out;
}
