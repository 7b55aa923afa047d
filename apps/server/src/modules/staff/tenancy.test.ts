import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { communities, departments, employeeArchives, positions, users } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';

/** Company B's administrator holds every right in B and none in A: A's ids never resolve for him. */
let t: TestApp;
let b: string;
let a: { dpt: number; user: number; archive: number; position: number; community: number };
beforeAll(async () => {
  t = await createTestApp();
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  b = await t.login('bieadmin', 'Other2026');
  const [dpt] = await t.db.select().from(departments).where(eq(departments.name, '工程部'));
  const [user] = await t.db.select().from(users).where(eq(users.account, 'kefu1'));
  const [archive] = await t.db.select().from(employeeArchives).where(eq(employeeArchives.userId, user!.id));
  const [position] = await t.db.select().from(positions).where(eq(positions.name, '收费员'));
  const [community] = await t.db.select().from(communities).where(eq(communities.name, '阳光花园'));
  a = { dpt: dpt!.id, user: user!.id, archive: archive!.id, position: position!.id, community: community!.id };
});
afterAll(() => t.close());

const NF = { ret: 404, msg: '数据不存在' };

describe('tenancy', () => {
  it('B sees only its own company in lists and trees', async () => {
    const tree = (await t.api<{ DptName: string; children: unknown[] }[]>('/user/GetTreeCompany', {}, b)).data;
    expect(tree).toEqual([expect.objectContaining({ DptName: '别家物业', children: [] })]);
    expect((await t.api<unknown[]>('/user/StaffList', {}, b)).count).toBe(1);
    expect((await t.api<unknown[]>('/user/GetUserListV2', {}, b)).count).toBe(1);
    expect((await t.api<unknown[]>('/Archives/GetList', {}, b)).count).toBe(0);
    expect((await t.api<{ Name: string }[]>('/Position/GetList', {}, b)).data.map((p) => p.Name)).toEqual([
      '超级管理员',
    ]);
    expect((await t.api<unknown[]>('/Community/Options', {}, b)).data).toEqual([]);
    expect((await t.api<{ CommunityIds: number[] }>('/user/GetInfo', {}, b)).data.CommunityIds).toEqual([]);
  });

  it("B cannot read or change A's department", async () => {
    expect(await t.api('/user/GetDepartment', { Id: a.dpt }, b)).toMatchObject(NF);
    expect(await t.api('/user/DepartmentAdd', { Id: a.dpt, DptName: '被改了' }, b)).toMatchObject(NF);
    expect(await t.api('/user/DepartmentDel', { Id: a.dpt }, b)).toMatchObject(NF);
    const under = await t.api('/user/DepartmentAdd', { Id: 0, DptName: '挂靠', ParentId: a.dpt }, b);
    expect(under.msg).toBe('上级部门不存在');
    const [row] = await t.db.select().from(departments).where(eq(departments.id, a.dpt));
    expect(row!.name).toBe('工程部');
  });

  it("B cannot read or change A's staff", async () => {
    expect(await t.api('/user/StaffGet', { Id: a.user }, b)).toMatchObject(NF);
    expect(await t.api('/user/StaffSetState', { Id: a.user, State: 0 }, b)).toMatchObject(NF);
    expect(await t.api('/user/StaffResetPwd', { Id: a.user, Random: 1 }, b)).toMatchObject(NF);
    expect(await t.api('/user/StaffUnlock', { Id: a.user }, b)).toMatchObject(NF);
    expect(await t.api('/user/StaffDel', { Id: a.user }, b)).toMatchObject(NF);
    const edit = await t.api(
      '/user/StaffSave',
      {
        Id: a.user,
        UserName: '被改了',
        Phone: '13800000004',
        DptId: a.dpt,
        PositionIds: [a.position],
        AllCommunity: 1,
      },
      b,
    );
    expect(edit).toMatchObject(NF);
    const [u] = await t.db.select().from(users).where(eq(users.id, a.user));
    expect(u).toMatchObject({ name: '李晓梅', state: 1, isDel: false });
    expect((await t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'Linli@123' })).ret).toBe(0);
  });

  it("B cannot attach A's department, positions, communities or files to its own staff", async () => {
    const bDpt = await t.api<number>('/user/DepartmentAdd', { Id: 0, DptName: '综合部' }, b);
    const bPos = (await t.api<{ Id: number }[]>('/Position/GetList', {}, b)).data[0]!.Id;
    const body = {
      UserAccount: 'bstaff1',
      UserName: '乙员工',
      Phone: '13966667777',
      DptId: bDpt.data,
      PositionIds: [bPos],
      AllCommunity: 1,
      Password: 'Bstaff2026',
      ConfirmPwd: 'Bstaff2026',
    };
    expect((await t.api('/user/StaffSave', { ...body, DptId: a.dpt }, b)).msg).toBe('部门不存在');
    expect((await t.api('/user/StaffSave', { ...body, PositionIds: [a.position] }, b)).msg).toBe('岗位不存在');
    const cm = await t.api('/user/StaffSave', { ...body, AllCommunity: 0, CommunityIds: [a.community] }, b);
    expect(cm.msg).toBe('只能选择自己负责的小区');
    expect((await t.api('/user/StaffSave', { ...body, ArchiveId: a.archive }, b)).msg).toBe('档案不存在');
  });

  it("B cannot read or change A's staff file or position", async () => {
    expect(await t.api('/Archives/Get', { Id: a.archive }, b)).toMatchObject(NF);
    expect(
      await t.api(
        '/Archives/Save',
        { Id: a.archive, EmployeeNo: 'X1', Name: '被改了', Gender: 1, EntryDate: '2025-01-01' },
        b,
      ),
    ).toMatchObject(NF);
    expect(await t.api('/Archives/Leave', { Id: a.archive, LeaveDate: '2026-01-01' }, b)).toMatchObject(NF);
    expect(await t.api('/Archives/Del', { Id: a.archive }, b)).toMatchObject(NF);
    expect(await t.api('/Position/Get', { Id: a.position }, b)).toMatchObject(NF);
    expect(await t.api('/Position/Save', { Id: a.position, Name: '被改了', Rights: [] }, b)).toMatchObject(NF);
    expect(await t.api('/Position/Copy', { Id: a.position, Name: '偷来的' }, b)).toMatchObject(NF);
    expect(await t.api('/Position/Delete', { Id: a.position }, b)).toMatchObject(NF);
    const [f] = await t.db.select().from(employeeArchives).where(eq(employeeArchives.id, a.archive));
    expect(f).toMatchObject({ name: '李晓梅', status: 1 });
  });

  it("B's administrator can never be disabled, deleted or lose the system position", async () => {
    const [me] = await t.db.select().from(users).where(eq(users.account, 'bieadmin'));
    const bDpt = (await t.api<{ children: { Id: number }[] }[]>('/user/GetTreeCompany', {}, b)).data[0]!.children[0]!
      .Id;
    const other = await t.api<number>('/Position/Save', { Name: '普通', Rights: [] }, b);
    const drop = await t.api(
      '/user/StaffSave',
      {
        Id: me!.id,
        UserName: '企业管理员',
        Phone: '13977778888',
        DptId: bDpt,
        PositionIds: [other.data],
        AllCommunity: 1,
      },
      b,
    );
    expect(drop.msg).toBe('企业管理员必须保留超级管理员岗位');
    expect((await t.api('/user/StaffDel', { Id: me!.id }, b)).msg).toBe('企业管理员账号不能删除');
  });
});
