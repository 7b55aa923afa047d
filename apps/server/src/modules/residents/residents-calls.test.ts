import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { faceSyncs, lanes } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { enqueueLaneFaces } from './face-sync';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

describe('住户 calls: buttons and the remaining reads', () => {
  it('every write answers 403 to a position holding the screens but not the button', async () => {
    const bare = await clerkWith(t, admin, [
      { RoleKey: 'zhgl_zhgl', Btn: '' },
      { RoleKey: 'zhgl_rlk', Btn: '' },
    ]);
    const writes: [string, Record<string, unknown>][] = [
      ['/Resident/Save', { Id: 0 }],
      ['/Resident/Save', { Id: 5 }],
      ['/Resident/Delete', { Id: 1 }],
      ['/Resident/MoveOut', { Id: 1 }],
      ['/Resident/SetTags', { Ids: [1], TagIds: [] }],
      ['/Resident/Export', {}],
      ['/Resident/ImportTemplate', {}],
      ['/Resident/ImportPreview', {}],
      ['/Resident/ImportCommit', { ImportId: 1 }],
      ['/Resident/ImportStatus', { ImportId: 1 }],
      ['/Resident/ImportErrors', { ImportId: 1 }],
      ['/ResidentTag/Save', { Name: 'x' }],
      ['/ResidentTag/Delete', { Id: 1 }],
      ['/Registration/Approve', { Ids: [1] }],
      ['/Registration/Reject', { Id: 1, Reason: 'x' }],
      ['/Registration/Submit', {}],
      ['/Registration/Withdraw', { Id: 1, AppUserId: 1 }],
      ['/Face/Upload', {}],
      ['/Face/BatchPreview', {}],
      ['/Face/BatchCommit', { ImportId: 1 }],
      ['/Face/BatchStatus', { ImportId: 1 }],
      ['/Face/Delete', { Id: 1 }],
      ['/Face/Resync', { AllFailed: 1 }],
      ['/Face/Export', {}],
    ];
    for (const [call, body] of writes) expect((await t.api(call, body, bare)).ret, call).toBe(403);
    // Reads need only the screen.
    for (const call of [
      '/Resident/List',
      '/ResidentTag/List',
      '/Registration/List',
      '/Registration/PendingCount',
      '/Face/List',
      '/Face/LaneOptions',
    ])
      expect((await t.api(call, {}, bare)).ret, call).toBe(0);
    // Without `view` or `edit`, 详情 shows masked numbers too.
    const list = await t.api<{ Id: number }[]>('/Resident/List', { Mobile: '136', PgSize: 1 }, admin);
    const got = await t.api<{ Mobile: string; IdNo: string }>('/Resident/Get', { Id: list.data[0]!.Id }, bare);
    expect(got.data.Mobile).toMatch(/^136\*{4}\d{4}$/);
    const full = await t.api<{ Mobile: string; Rooms: unknown[] }>('/Resident/Get', { Id: list.data[0]!.Id }, admin);
    expect(full.data.Mobile).toMatch(/^136\d{8}$/);
    expect(full.data.Rooms.length).toBeGreaterThan(0);
  });

  it('Face/Get, Face/Export, Resident/ImportStatus and PendingCount answer; a new face lane gets 下发 rows', async () => {
    const faces = await t.api<{ Id: number; Name: string }[]>('/Face/List', { PgSize: 1 }, admin);
    const face = await t.api<{ Name: string; Devices: { LaneName: string }[] }>(
      '/Face/Get',
      { Id: faces.data[0]!.Id },
      admin,
    );
    expect(face.data.Name).toBe(faces.data[0]!.Name);
    expect(face.data.Devices).toHaveLength(3);
    expect(await t.api('/Face/Get', { Id: 999_999 }, admin)).toMatchObject({ ret: 404, msg: '数据不存在' });
    const x = await download(t, '/Face/Export', {}, admin);
    expect((await sheetRows(x.body)).length).toBe(61);
    expect((await t.api('/Resident/ImportStatus', { ImportId: 999_999 }, admin)).ret).toBe(404);
    expect((await t.api<{ Count: number }>('/Registration/PendingCount', {}, admin)).data.Count).toBe(5);

    const sunny = await communityId(t, '阳光花园');
    const [lane] = await t.db
      .insert(lanes)
      .values({ cmpId: 1, communityId: sunny, name: '西门人行', deviceSn: 'HK-FACE-0099', hasFace: true })
      .returning();
    await enqueueLaneFaces(t.db, 1, lane!.id, t.deps.now());
    const rows = await t.db.select().from(faceSyncs).where(eq(faceSyncs.laneId, lane!.id));
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.state === 0 && r.op === 1)).toBe(true);
  });
});
