import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { type BatchRow, createBatch } from '../../core/import-batch';
import { sqlRows } from '../../core/sql-rows';
import { cleanFileName } from '../../core/uploads';
import type { AppDeps } from '../../deps';
import { FACE_BATCH_KIND, type FaceBatchData } from './face-batch-run';
import { keepPhotos } from './face-batch-files';
import { checkFaceImage, FACE_UNREADABLE } from './face-image';
import { readPhotoZip, ZIP_MAX_BYTES } from './face-zip';
import { visibleResident } from './residents-query';

/** The one zip of a 批量上传 request. */
async function readZip(req: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) throw fail('请选择要上传的压缩包');
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: ZIP_MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') continue;
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw fail('压缩包不能超过50MB');
    file ??= { fileName: cleanFileName(part.filename || 'faces.zip'), data };
  }
  if (!file) throw fail('请选择要上传的压缩包');
  return file;
}

interface Candidate {
  id: number;
  name: string;
  mobile: string;
  id_no: string;
  room_text: string | null;
}

/** Residents the caller may see whose mobile or ID number is one of the photo names. */
async function candidates(deps: AppDeps, auth: Auth, keys: string[]): Promise<Map<string, Candidate[]>> {
  const { db } = deps.database;
  const list = `{${keys.map((k) => `"${k}"`).join(',')}}`;
  const rows = await sqlRows<Candidate>(
    db,
    sql`select e.id, e.name, e.mobile, e.id_no,
        (select c.name || ' ' || ro.full_name from resident_rooms l join rooms ro on ro.id = l.room_id
          join communities c on c.id = l.community_id
          where l.resident_id = e.id and l.move_out_date is null order by l.is_primary desc, l.id limit 1) as room_text
      from residents e
      where ${await visibleResident(db, auth)} and (e.mobile = any(${list}::text[]) or upper(e.id_no) = any(${list}::text[]))
      order by e.id`,
  );
  const by = new Map<string, Candidate[]>();
  for (const r of rows)
    for (const k of new Set([r.mobile, r.id_no.toUpperCase()].filter(Boolean))) by.set(k, [...(by.get(k) ?? []), r]);
  return by;
}

/** '13800138000.jpg' → '13800138000'; ID numbers compare upper-case (the X check digit). */
const keyOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .toUpperCase();
const IMAGE_NAME = /\.(jpe?g|png)$/i;

/**
 * 批量上传 preview: each photo is checked like a single upload as far as its header tells (format, size, resolution)
 * and matched to a resident by its name (mobile or ID number). Decoding waits for the commit, which runs in the
 * background: at up to 1.4 s a photo it would keep a 1000-photo request open for many minutes.
 */
export async function faceBatchPreview(deps: AppDeps, auth: Auth, req: FastifyRequest) {
  const zip = await readZip(req);
  const photos = readPhotoZip(zip.data);
  if (!photos.length) throw fail('压缩包中没有照片');
  const byKey = await candidates(
    deps,
    auth,
    [...new Set(photos.map((p) => keyOf(p.fileName)))].filter((k) => /^[0-9A-Z]{6,30}$/.test(k)),
  );
  const taken = new Map<number, number>();
  const rows: BatchRow<FaceBatchData>[] = [];
  const matches: { Row: number; FileName: string; ResidentId: number; Name: string; RoomText: string }[] = [];
  for (const [i, p] of photos.entries()) {
    const n = i + 1;
    const refuse = (why: string) =>
      rows.push({ Row: n, Values: { FileName: p.fileName }, Errors: [`第${n}张：${p.fileName} ${why}`] });
    if (p.broken) {
      refuse(FACE_UNREADABLE);
      continue;
    }
    if (!IMAGE_NAME.test(p.fileName)) {
      refuse('人脸照片只支持jpg、png格式');
      continue;
    }
    const bad = p.data ? await checkFaceImage(p.data) : '人脸照片大小不能超过2MB';
    if (bad) {
      refuse(bad);
      continue;
    }
    const found = byKey.get(keyOf(p.fileName)) ?? [];
    if (!found.length) {
      refuse('未匹配到住户');
      continue;
    }
    if (found.length > 1) {
      refuse(`匹配到多位住户（${found.map((r) => r.name).join('、')}），请改用证件号码命名`);
      continue;
    }
    const who = found[0]!;
    const first = taken.get(who.id);
    if (first) {
      refuse(`与第${first}张是同一住户 ${who.name}`);
      continue;
    }
    taken.set(who.id, n);
    const data: FaceBatchData = { residentId: who.id, row: n, fileName: p.fileName };
    rows.push({ Row: n, Values: { FileName: p.fileName }, Errors: [], Data: data });
    matches.push({ Row: n, FileName: p.fileName, ResidentId: who.id, Name: who.name, RoomText: who.room_text ?? '' });
  }
  const summary = { Total: rows.length, Ok: matches.length, Error: rows.length - matches.length };
  const id = await createBatch(deps.database.db, auth, {
    kind: FACE_BATCH_KIND,
    fileName: zip.fileName,
    rows,
    summary,
    mode: 1,
    now: deps.now(),
  });
  await keepPhotos(
    deps.config.dataDir,
    id,
    rows.flatMap((r) => (r.Data ? [{ row: r.Row, data: photos[r.Row - 1]!.data! }] : [])),
  );
  return { ImportId: id, Summary: summary, Matches: matches, Errors: rows.flatMap((r) => r.Errors) };
}
