import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, residents, rooms, sysMessages } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { addDays, todayIn } from '../../core/dates';
import { communityId, roomId } from '../properties/test-helpers';
import { leaseCheckJob } from './resident-jobs';
import { RESIDENT_IMPORT_HEADERS } from './resident-import.service';

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
  Rows: { Row: number; Status: string; Messages: string[] }[];
}

describe('住户导入导出', () => {
  it('acceptance 5: 2 bad rows show their 第N行 messages; commit; export has the rows with full mobiles', async () => {
    const tpl = await download(t, '/Resident/ImportTemplate', {}, admin);
    expect((await sheetRows(tpl.body))[0]!.slice(0, 3)).toEqual(['姓名*', '性别', '手机号']);
    const unsold = await t.db
      .select({ fullName: rooms.fullName })
      .from(rooms)
      .where(and(eq(rooms.communityId, await communityId(t, '阳光花园')), eq(rooms.status, 0)))
      .orderBy(rooms.id)
      .limit(2);
    const [b1, u1, n1] = unsold[0]!.fullName.split('-') as [string, string, string];
    const [b2, u2, n2] = unsold[1]!.fullName.split('-') as [string, string, string];
    const row = (v: Record<string, string>) => RESIDENT_IMPORT_HEADERS.map((h) => v[h] ?? '');
    const file = await makeXlsx([
      [...RESIDENT_IMPORT_HEADERS],
      row({
        姓名: '导入甲',
        手机号: '13912340001',
        小区: '阳光花园',
        楼宇: b1,
        单元: u1,
        房号: n1,
        身份: '业主',
        标签: '党员',
      }),
      row({ 姓名: '导入乙', 小区: '阳光花园', 楼宇: b1, 单元: u1, 房号: n1, 身份: '家属', 与业主关系: '子女' }),
      row({
        姓名: '导入丙',
        手机号: '13912340003',
        小区: '阳光花园',
        楼宇: b2,
        单元: u2,
        房号: n2,
        身份: '租户',
        租约到期: '2030-06-30',
      }),
      row({
        姓名: '坏手机',
        手机号: '1391234000',
        小区: '阳光花园',
        楼宇: '1栋',
        单元: '2单元',
        房号: '1201',
        身份: '业主',
      }),
      row({
        姓名: '坏房间',
        手机号: '13912340005',
        小区: '阳光花园',
        楼宇: '1栋',
        单元: '2单元',
        房号: '1299',
        身份: '租户',
      }),
    ]);
    expect(await t.api('/Resident/ImportCommit', { ImportId: 999999 }, admin)).toMatchObject({ ret: 404 });
    const p = await uploadXlsx<Preview>(t, '/Resident/ImportPreview', file, admin);
    expect(p.ret).toBe(0);
    expect(p.data.Summary).toEqual({ Total: 5, Ok: 3, Error: 2 });
    expect(p.data.Rows[3]!.Messages).toEqual(['第5行：手机号格式不正确，请重新输入']);
    expect(p.data.Rows[4]!.Messages).toEqual(['第6行：房间 1栋-2单元-1299 不存在', '第6行：租户必须填写租约到期日']);
    const c = await t.api<{ Created: number; Linked: number }>(
      '/Resident/ImportCommit',
      { ImportId: p.data.ImportId },
      admin,
    );
    expect(c).toMatchObject({ ret: 0, data: { Created: 3, Linked: 3 } });
    expect(await t.api('/Resident/ImportCommit', { ImportId: p.data.ImportId }, admin)).toMatchObject({
      ret: 400,
      msg: '该批次已导入',
    });
    const errs = await download(t, '/Resident/ImportErrors', { ImportId: p.data.ImportId }, admin);
    expect((await sheetRows(errs.body)).length).toBe(3);
    const listed = await t.api<{ Name: string; SourceName: string; Tags: { Name: string }[] }[]>(
      '/Resident/List',
      { Name: '导入' },
      admin,
    );
    expect(listed.data.map((r) => r.Name).sort()).toEqual(['导入丙', '导入乙', '导入甲']);
    expect(listed.data.every((r) => r.SourceName === '导入')).toBe(true);
    const room1 = await roomId(t, '阳光花园', unsold[0]!.fullName);
    const room2 = await roomId(t, '阳光花园', unsold[1]!.fullName);
    const statuses = await t.db.select({ id: rooms.id, status: rooms.status }).from(rooms);
    expect(statuses.find((r) => r.id === room1)!.status).toBe(2);
    expect(statuses.find((r) => r.id === room2)!.status).toBe(3);

    const x = await download(t, '/Resident/Export', { Name: '导入' }, admin);
    const sheet = await sheetRows(x.body);
    expect(sheet[0]).toEqual([...RESIDENT_IMPORT_HEADERS]);
    expect(
      sheet
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['', '13912340001', '13912340003']);
    const [a] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'resident.export'));
    expect(a!.detail).toMatchObject({ Rows: 3 });
    // An existing mobile gains a link instead of a new person.
    const again = await makeXlsx([
      [...RESIDENT_IMPORT_HEADERS],
      row({ 姓名: '导入甲', 手机号: '13912340001', 小区: '阳光花园', 楼宇: b2, 单元: u2, 房号: n2, 身份: '业主' }),
    ]);
    const p2 = await uploadXlsx<Preview>(t, '/Resident/ImportPreview', again, admin);
    const c2 = await t.api('/Resident/ImportCommit', { ImportId: p2.data.ImportId }, admin);
    expect(c2).toMatchObject({ ret: 0, data: { Created: 0, Linked: 1 } });
  });

  it('the 08:00 lease check sends MsgType 10 for leases ending in 30, 7 and 0 days', async () => {
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    await leaseCheckJob.run(t.deps, { runKey: today, now: t.deps.now() });
    const msgs = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 10));
    const dates = new Set(msgs.map((m) => /将于 (\d{4}-\d{2}-\d{2}) 到期/.exec(m.title)?.[1]));
    for (const d of dates) expect([addDays(today, 30), addDays(today, 7), today]).toContain(d);
    expect(msgs.every((m) => /^租户 .+（.+-.+）租约将于 \d{4}-\d{2}-\d{2} 到期$/.test(m.title))).toBe(true);
  });
});

describe('住户 scope and tenancy', () => {
  it("a resident without any room is the administrator's to see, not a community manager's", async () => {
    // Every form saves a room with the resident; a resident without one comes from older data or a removed link.
    const [row] = await t.db
      .insert(residents)
      .values({ cmpId: 1, name: '无房住户', mobile: '13712340001', gender: 1, idType: 1, source: 1, status: 1 })
      .returning({ Id: residents.id });
    const saved = { data: row! };
    const x = await t.login('xmjl1', 'Linli@123');
    const byName = (token: string) => t.api<{ Id: number }[]>('/Resident/List', { Name: '无房住户' }, token);
    expect((await byName(admin)).data.map((r) => r.Id)).toEqual([saved.data.Id]);
    expect((await byName(x)).count).toBe(0);
    expect(await t.api('/Resident/Get', { Id: saved.data.Id }, x)).toMatchObject({ ret: 404 });
  });

  it('xmjl1 serves only 翠湖天地: no 阳光花园 residents, their ids answer 数据不存在', async () => {
    const x = await t.login('xmjl1', 'Linli@123');
    const sunny = await communityId(t, '阳光花园');
    const lake = await communityId(t, '翠湖天地');
    const theirs = await t.api<{ RoomText: string }[]>('/Resident/List', { PgSize: 100 }, x);
    expect(theirs.count).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.RoomText.startsWith('翠湖天地'))).toBe(true);
    expect((await t.api('/Resident/List', { CommunityId: sunny }, x)).count).toBe(0);
    const a = await t.api<{ Id: number }[]>('/Resident/List', { CommunityId: sunny, PgSize: 1 }, admin);
    const id = a.data[0]!.Id;
    const NF = { ret: 404, msg: '数据不存在' };
    expect(await t.api('/Resident/Get', { Id: id }, x)).toMatchObject(NF);
    expect(await t.api('/Resident/MoveOut', { Id: id }, x)).toMatchObject(NF);
    expect(await t.api('/Resident/Delete', { Id: id }, x)).toMatchObject(NF);
    const sunnyRoom = await roomId(t, '阳光花园', '1栋-1单元-101');
    expect(
      await t.api(
        '/Resident/Save',
        { Name: '越界', Mobile: '13712345678', Rooms: [{ RoomId: sunnyRoom, Role: 1 }] },
        x,
      ),
    ).toMatchObject(NF);
    expect(await t.api('/Resident/ByRoom', { RoomId: sunnyRoom }, x)).toMatchObject(NF);
    expect((await t.api('/Registration/List', { CommunityId: sunny }, x)).count).toBe(0);
    expect((await t.api('/Registration/List', {}, x)).count).toBe(0);
    expect(
      await t.api(
        '/Registration/Submit',
        { RoomId: sunnyRoom, AppUserId: 5, Name: '越界', Mobile: '13712345678', Role: 2 },
        x,
      ),
    ).toMatchObject(NF);
    expect(lake).toBeGreaterThan(0);
  });

  it('another company sees nothing of this one and cannot touch it by id', async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    expect((await t.api('/Resident/List', {}, b)).count).toBe(0);
    expect((await t.api('/Resident/Options', {}, b)).data).toEqual([]);
    expect((await t.api('/Registration/List', {}, b)).count).toBe(0);
    const tags = await t.api<{ Name: string; Count: number }[]>('/ResidentTag/List', {}, b);
    expect(tags.data.map((x) => x.Count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const a = await t.api<{ Id: number }[]>('/Resident/List', { PgSize: 1 }, admin);
    const id = a.data[0]!.Id;
    const NF = { ret: 404, msg: '数据不存在' };
    expect(await t.api('/Resident/Get', { Id: id }, b)).toMatchObject(NF);
    expect(await t.api('/Resident/SetTags', { Ids: [id], TagIds: [] }, b)).toMatchObject(NF);
    expect(
      await t.api('/Resident/Save', { Id: id, Name: 'x', Mobile: '13712345679', Rooms: [{ RoomId: 1, Role: 1 }] }, b),
    ).toMatchObject(NF);
    const regs = await t.api<{ Id: number }[]>('/Registration/List', {}, admin);
    expect(await t.api('/Registration/Approve', { Ids: [regs.data[0]!.Id] }, b)).toMatchObject(NF);
    expect(await t.api('/Registration/Reject', { Id: regs.data[0]!.Id, Reason: '信息不符' }, b)).toMatchObject(NF);
    const aTags = await t.api<{ Id: number }[]>('/ResidentTag/List', {}, admin);
    expect(await t.api('/ResidentTag/Delete', { Id: aTags.data[0]!.Id }, b)).toMatchObject(NF);
  });
});

describe('工作台 figures of the residents area', () => {
  it('admin sees 在住住户 with 待审核 and 人脸库 with failures; a 房间 clerk sees neither', async () => {
    const d = await t.api<{ Cards: { Key: string; Value: string; Sub?: string; Path: string }[] }>(
      '/MyDeskTop/GetMyDeskData',
      {},
      admin,
    );
    const res = d.data.Cards.find((c) => c.Key === 'residents')!;
    expect(res.Path).toBe('/household/list');
    expect(Number(res.Value)).toBeGreaterThan(300);
    expect(res.Sub).toMatch(/^待审核 \d+$/);
    const faces = d.data.Cards.find((c) => c.Key === 'faces')!;
    expect(faces).toMatchObject({ Value: '60', Path: '/household/facedata' });
  });
});
