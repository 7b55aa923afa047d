import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, faceImages, faceSyncs, jobs, residents } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { clerkWith, communityId } from '../properties/test-helpers';
import { multipartBody } from '../upload/fixtures';
import { cleanFaceBatches } from './face-batch-files';
import { FACE_BATCH_JOB } from './face-batch-run';
import { JobWorker } from '../../core/job-queue';
import { allJobHandlers, drainJobs } from '../jobs';
import { realJpeg, realPng } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Preview {
  ImportId: number;
  Summary: { Total: number; Ok: number; Error: number };
  Matches: { Row: number; FileName: string; ResidentId: number; Name: string; RoomText: string }[];
  Errors: string[];
}

interface Status {
  Status: number;
  StatusName: string;
  Progress: number;
  Summary: Record<string, number>;
  Errors: string[];
}

/**
 * Lets the queue run every face batch job to its end: failed attempts wait for their backoff, so the clock moves on
 * past it (10 minutes is the longest) until nothing is queued.
 */
async function faceBatchesSettled() {
  for (let i = 0; i < 10; i += 1) {
    await drainJobs(t.deps);
    // Only face batches: other areas' work (SMS delivery, scheduled periods …) may wait in the queue meanwhile.
    const waiting = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), eq(jobs.name, FACE_BATCH_JOB)));
    if (!waiting.length) return;
    t.advance(600_000);
  }
  throw new Error('face batch jobs did not settle');
}

const kept = (id: number) => path.join(t.deps.config.dataDir, 'face-batches', String(id));

async function preview(data: Buffer, token: string, filename = 'faces.zip') {
  const { body, contentType } = multipartBody([{ name: 'file', filename, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Face/BatchPreview',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return res.json() as { ret: number; msg: string; data: Preview };
}

/** 阳光花园 residents: `n` without a photo and one with a photo, with their full numbers. */
async function people(n: number) {
  const sunny = await communityId(t, '阳光花园');
  const without = await t.api<{ ResidentId: number }[]>(
    '/Face/List',
    { HasFace: 0, CommunityId: sunny, PgSize: n },
    admin,
  );
  const withFace = await t.api<{ Id: number; ResidentId: number }[]>(
    '/Face/List',
    { CommunityId: sunny, PgSize: 1 },
    admin,
  );
  const ids = [...without.data.map((r) => r.ResidentId), withFace.data[0]!.ResidentId];
  const rows = await t.db.select().from(residents).where(inArray(residents.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { people: ids.map((id) => byId.get(id)!), oldFace: withFace.data[0]!.Id };
}

describe('人脸 批量上传', () => {
  it('previews matches and 第N张 errors, then commits them in the background as current faces', async () => {
    const {
      people: [a, b, d, c],
      oldFace,
    } = await people(3);
    // An ID number for b, so that the photo can be named by it.
    const idNo = '11010119900101123X';
    await t.db.update(residents).set({ idType: 1, idNo }).where(eq(residents.id, b!.id));
    const zip = zipSync({
      [`photos/${a!.mobile}.jpg`]: await realJpeg(640, 800, { orientation: 6 }),
      [`photos/${idNo.toLowerCase()}.png`]: await realPng(400, 400),
      'photos/19900000000.jpg': await realJpeg(400, 400),
      [`photos/${c!.mobile}.jpg`]: await realJpeg(500, 500),
      'photos/a.jpg': await realJpeg(200, 200),
      'photos/readme.txt': new TextEncoder().encode('hello'),
      // A header that passes the preview's checks, with nothing decodable behind it.
      [`photos/${d!.mobile}.jpg`]: Buffer.concat([(await realJpeg(400, 400)).subarray(0, 1500), Buffer.alloc(2000)]),
      '__MACOSX/photos/._a.jpg': new Uint8Array(10),
      'photos/.DS_Store': new Uint8Array(10),
    });
    const p = await preview(Buffer.from(zip), admin);
    expect(p.ret, p.msg).toBe(0);
    expect(p.data.Summary).toEqual({ Total: 7, Ok: 4, Error: 3 });
    expect(p.data.Matches.map((m) => [m.Row, m.ResidentId])).toEqual([
      [1, a!.id],
      [2, b!.id],
      [4, c!.id],
      [7, d!.id],
    ]);
    expect(p.data.Matches[0]).toMatchObject({ FileName: `${a!.mobile}.jpg`, Name: a!.name });
    expect(p.data.Matches[0]!.RoomText).toMatch(/^阳光花园 /);
    expect(p.data.Errors).toEqual([
      '第3张：19900000000.jpg 未匹配到住户',
      '第5张：a.jpg 人脸照片分辨率不能低于300×300',
      '第6张：readme.txt 人脸照片只支持jpg、png格式',
    ]);

    const id = p.data.ImportId;
    // The photos wait on disk, not in the batch row, until the commit decodes them.
    expect(fs.readdirSync(kept(id)).sort()).toEqual(['1', '2', '4', '7']);
    const status = await t.api<Status>('/Face/BatchStatus', { ImportId: id }, admin);
    expect(status.data.StatusName).toBe('待确认');
    const started = await t.api('/Face/BatchCommit', { ImportId: id }, admin);
    expect(started).toMatchObject({ ret: 0, data: { ImportId: id, Status: 2, StatusName: '导入中' } });
    // A second click while it runs is refused (or, on a very fast run, finds it done).
    const again = await t.api('/Face/BatchCommit', { ImportId: id }, admin);
    expect(again.ret).toBe(400);
    expect(['该批次正在导入', '该批次已导入']).toContain(again.msg);
    await faceBatchesSettled();
    const done = await t.api<Status>('/Face/BatchStatus', { ImportId: id }, admin);
    expect(done.data).toMatchObject({ StatusName: '完成', Progress: 100, Summary: { Total: 7, Ok: 3, Error: 4 } });
    expect(done.data.Errors).toEqual([
      '第3张：19900000000.jpg 未匹配到住户',
      '第5张：a.jpg 人脸照片分辨率不能低于300×300',
      '第6张：readme.txt 人脸照片只支持jpg、png格式',
      `第7张：${d!.mobile}.jpg 人脸照片无法识别，请重新上传`,
    ]);
    expect(fs.existsSync(kept(id))).toBe(false);
    expect(await t.api('/Face/BatchCommit', { ImportId: id }, admin)).toMatchObject({
      ret: 400,
      msg: '该批次已导入',
    });

    const faces = await t.db
      .select()
      .from(faceImages)
      .where(and(inArray(faceImages.residentId, [a!.id, b!.id, c!.id]), eq(faceImages.status, 1)));
    expect(faces).toHaveLength(3);
    // Stored as the device JPEG, turned by its EXIF orientation.
    expect(faces.every((f) => f.imgPath.endsWith('.jpg'))).toBe(true);
    expect(faces.find((f) => f.residentId === a!.id)).toMatchObject({ width: 800, height: 640 });
    const adds = await t.db
      .select()
      .from(faceSyncs)
      .where(
        and(
          inArray(
            faceSyncs.faceId,
            faces.map((f) => f.id),
          ),
          eq(faceSyncs.op, 1),
        ),
      );
    expect(adds).toHaveLength(9);
    const dels = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.faceId, oldFace), eq(faceSyncs.op, 2)));
    expect(dels.length).toBeGreaterThan(0);
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'face.import'));
    expect(log?.detail).toMatchObject({ Ok: 3, Replaced: 1, Error: 4 });
    const undecoded = await t.db
      .select()
      .from(faceImages)
      .where(and(eq(faceImages.residentId, d!.id), eq(faceImages.status, 1)));
    expect(undecoded).toEqual([]);
  });

  it('drops the kept photos of a preview nobody commits once it is past its 30 minutes', async () => {
    const {
      people: [a],
    } = await people(1);
    const p = await preview(Buffer.from(zipSync({ [`${a!.mobile}.jpg`]: await realJpeg(400, 400) })), admin);
    const id = p.data.ImportId;
    expect(await cleanFaceBatches(t.deps, t.deps.now())).toBe(0);
    expect(fs.existsSync(kept(id))).toBe(true);
    expect(await cleanFaceBatches(t.deps, new Date(t.deps.now().getTime() + 31 * 60_000))).toBe(1);
    expect(fs.existsSync(kept(id))).toBe(false);
  });

  it('a background run that breaks ends 失败 and drops its photos', async () => {
    const {
      people: [a],
    } = await people(1);
    const p = await preview(Buffer.from(zipSync({ [`${a!.mobile}.jpg`]: await realJpeg(400, 400) })), admin);
    // A file where the month's uploads folder should be: writing the processed photo throws.
    const now = t.deps.now();
    const month = path.join(
      t.deps.config.dataDir,
      'uploads',
      `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    );
    fs.rmSync(month, { recursive: true, force: true });
    fs.writeFileSync(month, 'x');
    try {
      expect((await t.api('/Face/BatchCommit', { ImportId: p.data.ImportId }, admin)).ret).toBe(0);
      await faceBatchesSettled();
    } finally {
      fs.rmSync(month);
    }
    const s = await t.api<Status>('/Face/BatchStatus', { ImportId: p.data.ImportId }, admin);
    expect(s.data).toMatchObject({ StatusName: '失败', Errors: [] });
    expect(fs.existsSync(kept(p.data.ImportId))).toBe(false);
  });

  it('is never left 导入中: a commit whose worker died is picked up again once its lease runs out', async () => {
    const {
      people: [a],
    } = await people(1);
    const p = await preview(Buffer.from(zipSync({ [`${a!.mobile}.jpg`]: await realJpeg(500, 500) })), admin);
    const started = await t.api<{ RunId: number }>('/Face/BatchCommit', { ImportId: p.data.ImportId }, admin);
    expect(started.ret).toBe(0);
    // A worker claims the job and its process dies: no run, no heartbeat.
    const dead = new JobWorker(t.deps, allJobHandlers(), { info: () => {}, error: () => {} });
    expect((await dead.claim())?.id).toBe(started.data.RunId);
    expect(await drainJobs(t.deps)).toBe(0);
    expect((await t.api<Status>('/Face/BatchStatus', { ImportId: p.data.ImportId }, admin)).data.StatusName).toBe(
      '导入中',
    );
    t.advance(61_000);
    expect(await drainJobs(t.deps)).toBe(1);
    const s = await t.api<Status>('/Face/BatchStatus', { ImportId: p.data.ImportId }, admin);
    expect(s.data).toMatchObject({ StatusName: '完成', Summary: { Ok: 1, Error: 0 } });
    const progress = await t.api('/Job/Progress', { RunId: started.data.RunId }, admin);
    expect(progress.data).toMatchObject({ State: 'done', Total: 1, Done: 1, Attempts: 2 });
    const [face] = await t.db
      .select()
      .from(faceImages)
      .where(and(eq(faceImages.residentId, a!.id), eq(faceImages.status, 1)));
    expect(face).toMatchObject({ width: 500, height: 500 });
  });

  it('refuses a zip over 50 MB, a second photo of one resident, and an empty zip', async () => {
    const big = await preview(Buffer.alloc(50 * 1024 * 1024 + 10, 1), admin);
    expect(big).toMatchObject({ ret: 400, msg: '压缩包不能超过50MB' });
    const {
      people: [a],
    } = await people(1);
    const zip = zipSync({
      [`${a!.mobile}.jpg`]: await realJpeg(400, 400),
      [`${a!.mobile}.png`]: await realPng(400, 400),
    });
    const p = await preview(Buffer.from(zip), admin);
    expect(p.data.Errors).toEqual([`第2张：${a!.mobile}.png 与第1张是同一住户 ${a!.name}`]);
    expect((await preview(Buffer.from(zipSync({})), admin)).msg).toBe('压缩包中没有照片');
  });

  it('matches only residents in the caller’s communities and company; needs the import key', async () => {
    const {
      people: [a],
    } = await people(1);
    const zip = Buffer.from(zipSync({ [`${a!.mobile}.jpg`]: await realJpeg(400, 400) }));
    const outside = await clerkWith(
      t,
      admin,
      [{ RoleKey: 'zhgl_rlk', Btn: 'import' }],
      [await communityId(t, '翠湖天地')],
    );
    const p = await preview(zip, outside);
    expect(p.data.Errors).toEqual([`第1张：${a!.mobile}.jpg 未匹配到住户`]);
    const noKey = await clerkWith(t, admin, [{ RoleKey: 'zhgl_rlk', Btn: 'add' }]);
    expect((await preview(zip, noKey)).ret).toBe(403);

    await createCompany(t.db, { name: '别家物业2', account: 'bie2admin', password: 'Other2026' });
    const other = await t.login('bie2admin', 'Other2026');
    expect((await preview(zip, other)).data.Errors).toHaveLength(1);
    const mine = await preview(zip, admin);
    expect(await t.api('/Face/BatchCommit', { ImportId: mine.data.ImportId }, other)).toMatchObject({ ret: 404 });
  });
});

describe('人脸库 设备 filter', () => {
  it('lists the enabled face lanes of the caller’s communities', async () => {
    const sunny = await communityId(t, '阳光花园');
    const all = await t.api<{ Name: string; CommunityId: number; DeviceSn: string }[]>('/Face/LaneOptions', {}, admin);
    expect(all.data.map((l) => l.Name)).toEqual(['南门人行', '1栋1单元门', '1栋2单元门']);
    expect(all.data[0]).toMatchObject({ CommunityId: sunny, DeviceSn: 'HK-FACE-0005' });
    await t.db.execute(sql`update lanes set status = 0 where device_sn = 'HK-FACE-0007'`);
    const one = await t.api<unknown[]>('/Face/LaneOptions', { CommunityId: sunny }, admin);
    expect(one.data).toHaveLength(2);
    await t.db.execute(sql`update lanes set status = 1 where device_sn = 'HK-FACE-0007'`);
    const noFace = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'view' }]);
    expect((await t.api('/Face/LaneOptions', {}, noFace)).ret).toBe(403);
  });
});
