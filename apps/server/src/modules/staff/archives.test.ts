import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { users } from '../../db/schema';
import { addDays, todayIn } from '../../core/dates';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Row {
  Id: number;
  EmployeeNo: string;
  Name: string;
  Status: number;
  StatusText: string;
  ContractWarn: number;
  UserAccount: string;
  UserId: number;
}

describe('staff files', () => {
  it('seeds 12 files: 10 在职 linked, 2 离职, one contract ending in 20 days (orange)', async () => {
    const all = await t.api<Row[]>('/Archives/GetList', { PgSize: 50 }, admin);
    expect(all.count).toBe(12);
    const active = all.data.filter((r) => r.Status === 1);
    expect(active).toHaveLength(10);
    expect(active.every((r) => r.UserAccount)).toBe(true);
    expect(all.data.filter((r) => r.ContractWarn === 1).map((r) => r.Name)).toEqual(['李晓梅']);
    const due = await t.api<Row[]>('/Archives/GetList', { ContractDue: 1 }, admin);
    expect(due.data.map((r) => r.Name)).toEqual(['李晓梅']);
  });

  it('Get with Id 0 offers the next number', async () => {
    expect((await t.api<{ EmployeeNo: string }>('/Archives/Get', { Id: 0 }, admin)).data.EmployeeNo).toBe('E0013');
  });

  it('acceptance 9: birth date from the ID number, orange warning, 办理离职 disables the account, export shows 离职', async () => {
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const body = {
      Id: 0,
      EmployeeNo: 'E0013',
      Name: '冯新人',
      Gender: 1,
      IdCard: '110101199003071234',
      EntryDate: today,
      ContractType: '固定期限',
      ContractStart: today,
      ContractEnd: addDays(today, 20),
    };
    const wrongBirth = await t.api('/Archives/Save', { ...body, BirthDate: '1990-03-08' }, admin);
    expect(wrongBirth.data).toEqual({ Errors: { BirthDate: '出生日期与身份证号不符' } });
    const backwards = await t.api('/Archives/Save', { ...body, ContractEnd: addDays(today, -1) }, admin);
    expect(backwards.msg).toBe('合同结束日期不能早于开始日期');
    const saved = await t.api<number>('/Archives/Save', body, admin);
    expect(saved.ret).toBe(0);
    const got = (await t.api<Row & { BirthDate: string }>('/Archives/Get', { Id: saved.data }, admin)).data;
    expect(got).toMatchObject({ BirthDate: '1990-03-07', ContractWarn: 1, StatusText: '在职' });
    expect((await t.api('/Archives/Save', { ...body, Name: '重号' }, admin)).msg).toBe('工号已存在');
    const sameId = await t.api('/Archives/Save', { ...body, EmployeeNo: 'E0099' }, admin);
    expect(sameId.msg).toBe('该身份证号已有在职档案');

    // Link a new account to the file, sign in, then 办理离职 with 同时停用登录账号.
    const ps = await t.api<{ Id: number; Name: string }[]>('/Position/GetList', {}, admin);
    const tree = (await t.api<{ children: { Id: number; DptName: string }[] }[]>('/user/GetTreeCompany', {}, admin))
      .data;
    const acc = await t.api<number>(
      '/user/StaffSave',
      {
        UserAccount: 'fengxr',
        UserName: '冯新人',
        Phone: '13933334444',
        DptId: tree[0]!.children[0]!.Id,
        PositionIds: [ps.data.find((p) => p.Name === '秩序员')!.Id],
        AllCommunity: 1,
        ArchiveId: saved.data,
        Password: 'Feng2026x',
        ConfirmPwd: 'Feng2026x',
      },
      admin,
    );
    expect(acc.ret).toBe(0);
    const live = await t.login('fengxr', 'Feng2026x');
    expect((await t.api('/Archives/Del', { Id: saved.data }, admin)).msg).toBe('在职档案不能删除');
    const early = await t.api('/Archives/Leave', { Id: saved.data, LeaveDate: addDays(today, -1) }, admin);
    expect(early.msg).toBe('离职日期不能早于入职日期');
    const leave = await t.api(
      '/Archives/Leave',
      { Id: saved.data, LeaveDate: today, LeaveReason: '个人原因', DisableAccount: 1 },
      admin,
    );
    expect(leave.ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, live)).ret).toBe(401);
    const [u] = await t.db.select({ state: users.state }).from(users).where(eq(users.id, acc.data));
    expect(u!.state).toBe(0);
    const after = (await t.api<Row>('/Archives/Get', { Id: saved.data }, admin)).data;
    expect(after).toMatchObject({ StatusText: '离职', ContractWarn: 0 });

    const file = await download(t, '/Archives/Export', { Keyword: '冯新人' }, admin);
    const rows = await sheetRows(file.body);
    const statusCol = rows[0]!.indexOf('状态');
    expect(rows.slice(1).map((r) => [r[0], r[statusCol]])).toEqual([['E0013', '离职']]);

    // Rehire: editing Status back to 在职 clears the leave date.
    const rehire = await t.api('/Archives/Save', { ...body, Id: saved.data, Status: 1 }, admin);
    expect(rehire.ret).toBe(0);
    expect(
      (await t.api<{ StatusText: string; LeaveDate: string }>('/Archives/Get', { Id: saved.data }, admin)).data,
    ).toMatchObject({
      StatusText: '在职',
      LeaveDate: '',
    });
  });

  it('only 离职 files can be deleted', async () => {
    const left = (await t.api<Row[]>('/Archives/GetList', { Status: 2 }, admin)).data.find((r) => r.Name === '钱小红')!;
    expect((await t.api('/Archives/Del', { Id: left.Id }, admin)).ret).toBe(0);
    expect((await t.api('/Archives/Get', { Id: left.Id }, admin)).msg).toBe('数据不存在');
  });

  it('imports all rows or none', async () => {
    const head = [
      '工号',
      '姓名',
      '性别',
      '身份证号',
      '手机',
      '部门',
      '职务',
      '学历',
      '入职日期',
      '合同类型',
      '合同开始',
      '合同结束',
    ];
    const bad = await makeXlsx([
      head,
      ['E0101', '导一', '男', '', '', '工程部', '维修工', '高中', '2025-01-02', '固定期限', '2025-01-02', '2028-01-01'],
      ['E0001', '导二', '女', '', '', '', '', '', '2025-01-02', '', '', ''],
      ['E0103', '导三', '男', '', '', '', '', '小学', '2025-01-02', '', '', ''],
    ]);
    const r = await uploadXlsx<{ ImportErrors: { Row: number; Reason: string }[] }>(t, '/Archives/Import', bad, admin);
    expect(r.data.ImportErrors).toEqual([
      { Row: 3, Reason: '工号已存在' },
      { Row: 4, Reason: '学历不正确' },
    ]);
    const good = await makeXlsx([
      head,
      ['E0101', '导一', '男', '', '', '工程部/电梯组', '维修工', '高中', '2025-01-02', '', '', ''],
    ]);
    expect(await uploadXlsx(t, '/Archives/Import', good, admin)).toMatchObject({ ret: 0, data: { Count: 1 } });
    expect((await t.api<Row[]>('/Archives/GetList', { Keyword: 'E0101' }, admin)).count).toBe(1);
  });
});
