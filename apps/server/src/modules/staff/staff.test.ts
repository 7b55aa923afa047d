import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { users } from '../../db/schema';

let t: TestApp;
let admin: string;
let positionIds: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  const ps = await t.api<{ Id: number; Name: string }[]>('/Position/GetList', {}, admin);
  positionIds = new Map(ps.data.map((p) => [p.Name, p.Id]));
});
afterAll(() => t.close());

interface Staff {
  Id: number;
  UserAccount: string;
  State: number;
  Locked: boolean;
  PositionNames: string[];
  CommunityNames: string[];
}
const staffId = async (account: string) => {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return u!.id;
};
const base = async () => ({
  UserName: '新员工',
  Phone: '13911112222',
  DptId: (await t.api<{ DptId: number }>('/user/StaffGet', { Id: await staffId('service') }, admin)).data.DptId,
  PositionIds: [positionIds.get('客服专员')],
  AllCommunity: 1,
  Password: 'Welcome2026',
  ConfirmPwd: 'Welcome2026',
});

describe('staff accounts', () => {
  it('acceptance 4: kefu1 without yggl_yggl calls StaffSave → 403, no account created', async () => {
    const kefu = await t.login('kefu1', 'Linli@123');
    const r = await t.api('/user/StaffSave', { ...(await base()), UserAccount: 'sneaky1' }, kefu);
    expect(r.ret).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.account, 'sneaky1'))).toHaveLength(0);
  });

  it('acceptance 5: the form names a short phone and a taken account', async () => {
    const kefu1 = (await t.api<{ DptId: number }>('/user/StaffGet', { Id: await staffId('kefu1') }, admin)).data;
    const body = { ...(await base()), DptId: kefu1.DptId };
    const phone = await t.api('/user/StaffSave', { ...body, UserAccount: 'newbie1', Phone: '1381234' }, admin);
    expect(phone).toMatchObject({ ret: 400, msg: '手机号格式不正确，请重新输入' });
    expect(phone.data).toEqual({ Errors: { Phone: '手机号格式不正确，请重新输入' } });
    const taken = await t.api('/user/StaffSave', { ...body, UserAccount: 'Admin' }, admin);
    expect(taken).toMatchObject({
      ret: 400,
      msg: '该登录账号已被使用',
      data: { Errors: { UserAccount: '该登录账号已被使用' } },
    });
    const samePhone = await t.api('/user/StaffSave', { ...body, UserAccount: 'newbie1', Phone: '13800000004' }, admin);
    expect(samePhone.msg).toBe('该手机号已被其他账号使用');
    const noPos = await t.api('/user/StaffSave', { ...body, UserAccount: 'newbie1', PositionIds: [] }, admin);
    expect(noPos.msg).toBe('请选择岗位');
    const noCm = await t.api(
      '/user/StaffSave',
      { ...body, UserAccount: 'newbie1', AllCommunity: 0, CommunityIds: [] },
      admin,
    );
    expect(noCm.msg).toBe('请选择负责小区');
    const pwd = await t.api('/user/StaffSave', { ...body, UserAccount: 'newbie1', ConfirmPwd: 'Other2026' }, admin);
    expect(pwd.data).toEqual({ Errors: { ConfirmPwd: '两次输入的密码不一致' } });
    const ok = await t.api<number>('/user/StaffSave', { ...body, UserAccount: 'newbie1' }, admin);
    expect(ok.ret).toBe(0);
    const got = (await t.api<Staff>('/user/StaffGet', { Id: ok.data }, admin)).data;
    expect(got).toMatchObject({ UserAccount: 'newbie1', PositionNames: ['客服专员'], CommunityNames: ['全部小区'] });
  });

  it('acceptance 6: five wrong passwords lock baoan1; 解锁 lets him in', async () => {
    for (let i = 0; i < 5; i++) await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'wrong-pass1' });
    expect((await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'Linli@123' })).ret).toBe(423);
    const locked = await t.api<Staff[]>('/user/StaffList', { State: 2 }, admin);
    expect(locked.data.map((s) => s.UserAccount)).toEqual(['baoan1']);
    expect(locked.data[0]!.Locked).toBe(true);
    expect(await t.api('/user/StaffUnlock', { Id: locked.data[0]!.Id }, admin)).toMatchObject({
      ret: 0,
      msg: '已解锁',
    });
    expect((await t.api('/user/Login', { UserAccount: 'baoan1', UserPwd: 'Linli@123' })).ret).toBe(0);
  });

  it('acceptance 7: disabling kefu1 ends his live session at once', async () => {
    const kefu = await t.login('kefu1', 'Linli@123');
    expect((await t.api('/user/GetInfo', {}, kefu)).ret).toBe(0);
    const id = await staffId('kefu1');
    expect(await t.api('/user/StaffSetState', { Id: id, State: 0 }, admin)).toMatchObject({ ret: 0 });
    expect((await t.api('/user/GetInfo', {}, kefu)).ret).toBe(401);
    expect((await t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'Linli@123' })).msg).toBe(
      '账号已停用，请联系管理员',
    );
    await t.api('/user/StaffSetState', { Id: id, State: 1 }, admin);
    // Enabling does not revive the old session; a new sign-in works.
    expect((await t.api('/user/GetInfo', {}, kefu)).ret).toBe(401);
    expect((await t.api('/user/Login', { UserAccount: 'kefu1', UserPwd: 'Linli@123' })).ret).toBe(0);
  });

  it('refuses to disable oneself or the administrator, or to delete the administrator', async () => {
    const adminId = await staffId('admin');
    expect((await t.api('/user/StaffSetState', { Id: adminId, State: 0 }, admin)).msg).toBe('不能停用自己的账号');
    expect((await t.api('/user/StaffDel', { Id: adminId }, admin)).msg).toBe('企业管理员账号不能删除');
  });

  it('reset password ends sessions; a random one is shown once', async () => {
    const id = await staffId('weixiu1');
    const old = await t.login('weixiu1', 'Linli@123');
    const r = await t.api<{ Password: string }>('/user/StaffResetPwd', { Id: id, Random: 1 }, admin);
    expect(r).toMatchObject({ ret: 0, msg: '密码已重置' });
    expect(r.data.Password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    expect((await t.api('/user/GetInfo', {}, old)).ret).toBe(401);
    expect((await t.api('/user/Login', { UserAccount: 'weixiu1', UserPwd: r.data.Password })).ret).toBe(0);
    const typed = await t.api('/user/StaffResetPwd', { Id: id, NewPwd: 'abc', ConfirmPwd: 'abc' }, admin);
    expect(typed.msg).toBe('密码需为8-20位，且包含字母和数字');
  });

  it('delete is soft: gone from lists and pickers, the login name stays reserved', async () => {
    const id = await staffId('weixiu2');
    const live = await t.login('weixiu2', 'Linli@123');
    expect((await t.api('/user/StaffDel', { Id: id }, admin)).ret).toBe(0);
    expect((await t.api('/user/GetInfo', {}, live)).ret).toBe(401);
    const list = await t.api<Staff[]>('/user/StaffList', { Keyword: 'weixiu2' }, admin);
    expect(list.count).toBe(0);
    const picker = await t.api<{ UserAccount: string }[]>('/user/GetUserListV2', { PgSize: 500 }, admin);
    expect(picker.data.map((p) => p.UserAccount)).not.toContain('weixiu2');
    expect((await t.api('/user/StaffGet', { Id: id }, admin)).msg).toBe('数据不存在');
    const again = await t.api('/user/StaffSave', { ...(await base()), UserAccount: 'weixiu2' }, admin);
    expect(again.msg).toBe('该登录账号已被使用');
  });

  it('GetUserListV2 filters by department branch, role key and community', async () => {
    const tree = (await t.api<{ children: { Id: number; DptName: string }[] }[]>('/user/GetTreeCompany', {}, admin))
      .data;
    const eng = tree[0]!.children.find((c) => c.DptName === '工程部')!;
    const inEng = await t.api<{ UserAccount: string }[]>('/user/GetUserListV2', { DptId: eng.Id }, admin);
    expect(inEng.data.map((u) => u.UserAccount).sort()).toEqual(['gongcheng1', 'weixiu1']);
    const repair = await t.api<{ UserAccount: string }[]>(
      '/user/GetUserListV2',
      { RoleKey: 'wyfw_bxcl', PgSize: 100 },
      admin,
    );
    expect(repair.data.map((u) => u.UserAccount)).toEqual(
      expect.arrayContaining(['admin', 'weixiu1', 'service', 'xmjl1']),
    );
    expect(repair.data.map((u) => u.UserAccount)).not.toContain('cashier');
    const cashier = await t.login('cashier', 'Cashier@123');
    // Any signed-in person may use the picker.
    expect((await t.api('/user/GetUserListV2', {}, cashier)).ret).toBe(0);
  });

  it("GetUserListV2 masks phones for positions without 员工管理 and keeps to the caller's communities", async () => {
    type Pick = { UserAccount: string; Phone: string };
    const byAdmin = await t.api<Pick[]>('/user/GetUserListV2', { Keyword: 'kefu1' }, admin);
    expect(byAdmin.data.map((u) => u.Phone)).toEqual(['13800000004']);
    const cashier = await t.login('cashier', 'Cashier@123');
    const byCashier = await t.api<Pick[]>('/user/GetUserListV2', { PgSize: 500 }, cashier);
    expect(byCashier.data.find((u) => u.UserAccount === 'kefu1')?.Phone).toBe('138****0004');
    expect(byCashier.data.every((u) => /^\d{3}\*{4}\d{4}$|^$/.test(u.Phone))).toBe(true);
    // A masked caller cannot find a number by searching its digits.
    expect((await t.api('/user/GetUserListV2', { Keyword: '00000004' }, cashier)).count).toBe(0);

    // A colleague serving only 阳光花园 is not in the picker of xmjl1 (翠湖天地 only), nor in his check-box tree.
    const cms = (await t.api<{ Id: number; Name: string }[]>('/Community/Options', {}, admin)).data;
    const sunny = cms.find((c) => c.Name === '阳光花园')!.Id;
    const save = { ...(await base()), UserAccount: 'sunnyonly', UserName: '阳光专员', Phone: '13911113333' };
    expect((await t.api('/user/StaffSave', { ...save, AllCommunity: 0, CommunityIds: [sunny] }, admin)).ret).toBe(0);
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const seen = await t.api<Pick[]>('/user/GetUserListV2', { PgSize: 500 }, xmjl);
    expect(seen.data.map((u) => u.UserAccount)).not.toContain('sunnyonly');
    expect(seen.data.map((u) => u.UserAccount)).toContain('kefu1');
    expect((await t.api('/user/GetUserListV2', { PgSize: 500 }, admin)).data).toContainEqual(
      expect.objectContaining({ UserAccount: 'sunnyonly' }),
    );
    expect((await t.api('/user/GetUserListV2', { CommunityId: sunny }, xmjl)).msg).toBe('数据不存在');
    const tree = JSON.stringify((await t.api('/Attendance/GetDptUser', {}, xmjl)).data);
    expect(tree).not.toContain('阳光专员');
    expect(JSON.stringify((await t.api('/Attendance/GetDptUser', {}, admin)).data)).toContain('阳光专员');
  });
});

describe('staff import and export', () => {
  it('exports the filtered list as xlsx with a UTF-8 file name', async () => {
    // Keyword matches account names by substring: the demo has cashier and cashier2 (fees.md).
    const r = await download(t, '/user/StaffExport', { Keyword: 'cashier' }, admin);
    expect(r.type).toContain('spreadsheetml');
    expect(r.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('员工列表.xlsx')}`);
    const rows = await sheetRows(r.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['登录账号', '姓名', '手机']);
    expect(rows.slice(1).map((x) => x[0])).toEqual(['cashier', 'cashier2']);
  });

  it('a refused export answers the JSON envelope, not a file', async () => {
    const kefu = await t.login('service', 'Service@123');
    const r = await download(t, '/user/StaffExport', {}, kefu);
    expect(r.type).toContain('application/json');
    expect(r.json().ret).toBe(403);
  });

  it('the template has the import columns', async () => {
    const r = await download(t, '/user/StaffImportTemplate', {}, admin);
    expect((await sheetRows(r.body))[0]).toEqual(['登录账号', '姓名', '手机', '部门', '岗位', '负责小区', '初始密码']);
  });

  it('checks every row first: one bad row imports nothing and names (行号, 原因)', async () => {
    const head = ['登录账号', '姓名', '手机', '部门', '岗位', '负责小区', '初始密码'];
    const bad = await makeXlsx([
      head,
      ['imp01', '导入一', '13922220001', '工程部/电梯组', '维修工', '阳光花园、翠湖天地', 'Import2026'],
      ['imp02', '导入二', '1392222', '工程部', '维修工', '全部', 'Import2026'],
      ['imp03', '导入三', '13922220003', '不存在部', '维修工', '全部', 'Import2026'],
      ['imp01', '导入四', '13922220004', '工程部', '保洁', '全部', 'Import2026'],
    ]);
    const r = await uploadXlsx<{ ImportErrors: { Row: number; Reason: string }[] }>(t, '/user/StaffImport', bad, admin);
    expect(r.ret).toBe(400);
    expect(r.data.ImportErrors).toEqual([
      { Row: 3, Reason: '手机号格式不正确，请重新输入' },
      { Row: 4, Reason: '部门“不存在部”不存在' },
      { Row: 5, Reason: '登录账号与第2行重复' },
    ]);
    expect(await t.db.select().from(users).where(eq(users.account, 'imp01'))).toHaveLength(0);
    const report = await download(t, '/Import/ErrorFile', { Errors: r.data.ImportErrors }, admin);
    expect((await sheetRows(report.body)).slice(0, 2)).toEqual([
      ['行号', '原因'],
      ['3', '手机号格式不正确，请重新输入'],
    ]);

    const good = await makeXlsx([
      head,
      ['imp01', '导入一', '13922220001', '工程部/电梯组', '维修工', '阳光花园、翠湖天地', 'Import2026'],
      ['imp02', '导入二', '13922220002', '工程部', '维修工、秩序员', '全部', 'Import2026'],
    ]);
    const ok = await uploadXlsx<{ Count: number }>(t, '/user/StaffImport', good, admin);
    expect(ok).toMatchObject({ ret: 0, data: { Count: 2 } });
    const got = await t.api<Staff[]>('/user/StaffList', { Keyword: 'imp0' }, admin);
    expect(got.data.map((s) => [s.UserAccount, s.PositionNames, s.CommunityNames])).toEqual([
      ['imp01', ['维修工'], ['阳光花园', '翠湖天地']],
      ['imp02', ['维修工', '秩序员'], ['全部小区']],
    ]);
    expect((await t.api('/user/Login', { UserAccount: 'imp02', UserPwd: 'Import2026' })).ret).toBe(0);
  });
});
