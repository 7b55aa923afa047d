import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { faceSyncs, lanes, sysMessages } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { clerkWith, communityId } from '../properties/test-helpers';
import { runFaceSync } from './face-sync';
import { realJpeg, realPng, uploadImage } from './test-helpers';

let t: TestApp;
let admin: string;
let residentId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  // A 阳光花园 resident without a photo.
  const list = await t.api<{ ResidentId: number }[]>(
    '/Face/List',
    { HasFace: 0, CommunityId: await communityId(t, '阳光花园'), PgSize: 1 },
    admin,
  );
  residentId = list.data[0]!.ResidentId;
});
afterAll(() => t.close());

interface Device {
  LaneName: string;
  Op: number;
  State: number;
  StateName: string;
  FailReason: string;
}
const detail = async (faceId: number) =>
  (await t.api<Device[]>('/Face/SyncDetail', { FaceId: faceId }, admin)).data.filter((d) => d.Op === 1);

describe('人脸库', () => {
  it('lists the demo faces with their sync summary and filters by state and 未录入', async () => {
    const all = await t.api<{ SyncText: string; SyncColor: string }[]>('/Face/List', { PgSize: 100 }, admin);
    expect(all.count).toBe(60);
    const failed = await t.api('/Face/List', { SyncState: 2 }, admin);
    expect(failed.count).toBe(7);
    expect((await t.api('/Face/List', { SyncState: 0 }, admin)).count).toBe(8);
    expect((await t.api('/Face/List', { SyncState: 1 }, admin)).count).toBe(45);
    expect(all.data.filter((r) => r.SyncColor === 'green')).toHaveLength(45);
    expect(all.data.some((r) => r.SyncText === '已同步 2/3' && r.SyncColor === 'red')).toBe(true);
    const missing = await t.api('/Face/List', { HasFace: 0 }, admin);
    expect(missing.count).toBeGreaterThan(100);
  });

  it('acceptance 7: size, format and resolution rules; a good jpg syncs to the fake device; failure; re-sync', async () => {
    const big = await uploadImage(
      t,
      Buffer.concat([await realPng(800, 800), Buffer.alloc(3 * 1024 * 1024)]),
      admin,
      'big.png',
    );
    expect(await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: big }, admin)).toMatchObject({
      ret: 400,
      msg: '人脸照片大小不能超过2MB',
    });
    const small = await uploadImage(t, await realJpeg(200, 250), admin);
    expect(await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: small }, admin)).toMatchObject({
      ret: 400,
      msg: '人脸照片分辨率不能低于300×300',
    });
    const gif = await uploadImage(t, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(600)]), admin, 'a.gif');
    expect(await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: gif }, admin)).toMatchObject({
      ret: 400,
      msg: '人脸照片只支持jpg、png格式',
    });
    expect(await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: '202601/nothere.jpg' }, admin)).toMatchObject(
      {
        ret: 400,
        msg: '照片不存在，请重新上传',
      },
    );

    // The device pulls later: every face lane shows 待同步.
    t.faceDevice.answer('queued');
    const good = await uploadImage(t, await realJpeg(640, 800), admin);
    const up = await t.api<{ Id: number }>(
      '/Face/Upload',
      { ResidentId: residentId, ImgPath: `/uploads/${good}` },
      admin,
    );
    expect(up).toMatchObject({ ret: 0, msg: '上传成功' });
    const faceId = up.data.Id;
    const pending = await detail(faceId);
    expect(pending.map((d) => d.LaneName)).toEqual(['南门人行', '1栋1单元门', '1栋2单元门']);
    expect(pending.every((d) => d.StateName === '待同步')).toBe(true);
    expect(t.faceDevice.tasks.filter((x) => x.faceId === faceId && x.op === 'add')).toHaveLength(3);

    // The device answers an error: 失败 with the reason.
    t.faceDevice.answer('NO_FACE');
    expect(await t.api('/Face/Resync', { FaceIds: [faceId] }, admin)).toMatchObject({ ret: 0 });
    const failed = await detail(faceId);
    expect(failed.every((d) => d.StateName === '失败' && d.FailReason === '未检测到人脸')).toBe(true);

    // 重新同步 puts it back to 待同步 (TryCount 0); with a device that takes it, it ends 已同步.
    t.faceDevice.answer('queued');
    expect(await t.api('/Face/Resync', { FaceIds: [faceId] }, admin)).toMatchObject({ ret: 0 });
    expect((await detail(faceId)).every((d) => d.StateName === '待同步')).toBe(true);
    t.faceDevice.answer('done');
    await t.api('/Face/Resync', { AllFailed: 1 }, admin);
    await t.db.update(faceSyncs).set({ lastTryTime: null }).where(eq(faceSyncs.faceId, faceId));
    await runFaceSync(t.deps, t.deps.now());
    expect((await detail(faceId)).every((d) => d.StateName === '已同步')).toBe(true);

    // 更换照片: the old face gets 删除 rows, the new one 下发.
    const other = await uploadImage(t, await realPng(400, 400), admin, 'b.png');
    const replaced = await t.api<{ Id: number }>('/Face/Upload', { ResidentId: residentId, ImgPath: other }, admin);
    expect(replaced.ret).toBe(0);
    const dels = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.faceId, faceId), eq(faceSyncs.op, 2)));
    expect(dels).toHaveLength(3);
    expect(await t.api('/Face/SyncDetail', { FaceId: faceId }, admin)).toMatchObject({ ret: 404 });

    // 删除 sends a delete to every device.
    expect(await t.api('/Face/Delete', { Id: replaced.data.Id }, admin)).toMatchObject({ ret: 0 });
    expect(t.faceDevice.tasks.filter((x) => x.faceId === replaced.data.Id && x.op === 'delete')).toHaveLength(3);
  });

  it('the 5-minute job retries 设备离线 on a lane back online, fails unacked tasks, and summarises failures', async () => {
    t.faceDevice.answer('done');
    const [offline] = await t.db.select().from(lanes).where(eq(lanes.name, '1栋2单元门'));
    // (The test above re-sent every failure; four fail again while the lane is offline.)
    await t.db
      .execute(sql`update face_syncs set state = 2, fail_code = 'OFFLINE', fail_reason = '设备离线', try_count = 1
      where id in (select id from face_syncs where lane_id = ${offline!.id} and op = 1 order by id limit 4)`);
    await runFaceSync(t.deps, t.deps.now());
    const stillFailed = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.laneId, offline!.id), eq(faceSyncs.failCode, 'OFFLINE')));
    expect(stillFailed.length).toBe(4);
    await t.db.update(lanes).set({ online: true }).where(eq(lanes.id, offline!.id));
    await runFaceSync(t.deps, t.deps.now());
    const retried = await t.db
      .select()
      .from(faceSyncs)
      .where(and(eq(faceSyncs.laneId, offline!.id), eq(faceSyncs.failCode, 'OFFLINE')));
    expect(retried).toHaveLength(0);
    // A task handed to a pulling device 25 h ago without an ack fails with 设备未响应.
    t.faceDevice.answer('queued');
    await t.db.execute(sql`update face_syncs set state = 0, last_try_time = now() - interval '25 hours'
      where id = (select min(id) from face_syncs where state = 1)`);
    await runFaceSync(t.deps, t.deps.now());
    const [noAck] = await t.db.select().from(faceSyncs).where(eq(faceSyncs.failReason, '设备未响应'));
    expect(noAck).toBeDefined();
    const summary = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 11));
    expect(summary.length).toBeGreaterThan(0);
    expect(summary[0]!.title).toMatch(/^人脸同步失败 \d+ 条$/);
  });

  it('acceptance 8: without zhgl_rlk Face calls answer 403; without `sync` no 重新同步', async () => {
    const noFace = await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: 'add,edit,view' }]);
    expect((await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: 'x.jpg' }, noFace)).ret).toBe(403);
    expect((await t.api('/Face/List', {}, noFace)).ret).toBe(403);
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'zhgl_rlk', Btn: 'view' }]);
    expect((await t.api('/Face/List', {}, viewer)).ret).toBe(0);
    expect((await t.api('/Face/Resync', { AllFailed: 1 }, viewer)).ret).toBe(403);
    expect((await t.api('/Face/Delete', { Id: 1 }, viewer)).ret).toBe(403);
  });

  it("another company cannot see or upload to this company's residents, nor use its uploads", async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    expect((await t.api('/Face/List', {}, b)).count).toBe(0);
    const mine = await uploadImage(t, await realJpeg(640, 640), admin);
    expect(await t.api('/Face/Upload', { ResidentId: residentId, ImgPath: mine }, b)).toMatchObject({
      ret: 404,
      msg: '数据不存在',
    });
    const faces = await t.api<{ Id: number }[]>('/Face/List', { PgSize: 1 }, admin);
    expect(await t.api('/Face/SyncDetail', { FaceId: faces.data[0]!.Id }, b)).toMatchObject({ ret: 404 });
    expect(await t.api('/Face/Resync', { FaceIds: [faces.data[0]!.Id] }, b)).toMatchObject({ ret: 404 });
    expect(await t.api('/Face/Delete', { Id: faces.data[0]!.Id }, b)).toMatchObject({ ret: 404 });
  });
});
