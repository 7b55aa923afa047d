import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Pos {
  Id: number;
  Name: string;
  IsSystem: boolean;
  StaffCount: number;
}
const positions = async () => (await t.api<Pos[]>('/Position/GetList', {}, admin)).data;
const idOf = async (name: string) => (await positions()).find((p) => p.Name === name)!.Id;
const dptId = async (name: string) => {
  const r = await t.api<{ Id: number; DptName: string }[]>('/user/GetTreeCompany', {}, admin);
  const flat = (ns: { Id: number; DptName: string; children?: unknown[] }[]): { Id: number; DptName: string }[] =>
    ns.flatMap((n) => [n, ...flat((n.children ?? []) as never)]);
  return flat(r.data).find((n) => n.DptName === name)!.Id;
};

describe('positions', () => {
  it('RightTree lists every menu group with screens and their buttons', async () => {
    const r = await t.api<
      { Key: string; Title: string; Children: { Key: string; Title: string; Buttons: { Key: string }[] }[] }[]
    >('/Position/RightTree', {}, admin);
    const yggl = r.data.find((g) => g.Key === 'yggl')!;
    expect(yggl.Title).toBe('员工管理');
    const staff = yggl.Children.find((c) => c.Key === 'yggl_yggl')!;
    expect(staff.Title).toBe('员工管理');
    expect(staff.Buttons.map((b) => b.Key)).toEqual(
      expect.arrayContaining(['add', 'edit', 'del', 'export', 'import', 'resetpwd', 'unlock', 'state']),
    );
  });

  it('acceptance 3: 前台 = 房间 (no buttons) + 住户 (add); its holder gets exactly that', async () => {
    const save = await t.api<number>(
      '/Position/Save',
      {
        Id: 0,
        Name: '前台',
        Remark: '前台接待',
        Rights: [
          { RoleKey: 'fcgl_fjgl', Btn: '' },
          { RoleKey: 'zhgl_zhgl', Btn: 'add' },
        ],
      },
      admin,
    );
    expect(save.ret).toBe(0);
    const staff = await t.api(
      '/user/StaffSave',
      {
        UserAccount: 'qiantai01',
        UserName: '前台小王',
        Phone: '13900001111',
        DptId: await dptId('客服中心'),
        PositionIds: [save.data],
        AllCommunity: 1,
        Password: 'Front2026',
        ConfirmPwd: 'Front2026',
      },
      admin,
    );
    expect(staff).toMatchObject({ ret: 0 });
    const token = await t.login('qiantai01', 'Front2026');
    const info = (
      await t.api<{ Access: string[]; Buttons: { CtlName: string; Btn: string }[] }>('/user/GetInfo', {}, token)
    ).data;
    expect(info.Access.sort()).toEqual(['dashboard', 'fcgl', 'fcgl_fjgl', 'zhgl', 'zhgl_zhgl']);
    expect(info.Buttons.find((b) => b.CtlName === 'zhgl_zhgl')!.Btn).toBe('add');
    expect(info.Buttons.find((b) => b.CtlName === 'fcgl_fjgl')!.Btn).toBe('');
  });

  it("a save binds the holders' next call (GetInfo reflects it)", async () => {
    const token = await t.login('cashier', 'Cashier@123');
    const before = (await t.api<{ Access: string[] }>('/user/GetInfo', {}, token)).data;
    expect(before.Access).not.toContain('sfgl_sfbb');
    const id = await idOf('收费员');
    const got = (await t.api<{ Rights: { RoleKey: string; Btn: string }[] }>('/Position/Get', { Id: id }, admin)).data;
    const r = await t.api(
      '/Position/Save',
      { Id: id, Name: '收费员', Rights: [...got.Rights, { RoleKey: 'sfgl_sfbb', Btn: 'export' }] },
      admin,
    );
    expect(r.ret).toBe(0);
    const after = (
      await t.api<{ Access: string[]; Buttons: { CtlName: string; Btn: string }[] }>('/user/GetInfo', {}, token)
    ).data;
    expect(after.Access).toContain('sfgl_sfbb');
    expect(after.Buttons.find((b) => b.CtlName === 'sfgl_sfbb')!.Btn).toBe('export');
    // A rename without Rights keeps them.
    expect((await t.api('/Position/Save', { Id: id, Name: '收银员' }, admin)).ret).toBe(0);
    const renamed = (await t.api<{ Access: string[]; PositionNames: string[] }>('/user/GetInfo', {}, token)).data;
    expect(renamed.PositionNames).toEqual(['收银员']);
    expect(renamed.Access).toContain('sfgl_sfbb');
    await t.api('/Position/Save', { Id: id, Name: '收费员' }, admin);
  });

  it('names are unique; unknown keys are refused; the system position cannot change', async () => {
    expect((await t.api('/Position/Save', { Name: '收费员', Rights: [] }, admin)).msg).toBe('岗位名称已存在');
    const bad = await t.api('/Position/Save', { Name: '乱填', Rights: [{ RoleKey: 'nope_x', Btn: '' }] }, admin);
    expect(bad.ret).toBe(400);
    const sys = (await positions()).find((p) => p.IsSystem)!;
    expect(sys.Name).toBe('超级管理员');
    expect((await t.api('/Position/Save', { Id: sys.Id, Name: '超级管理员', Rights: [] }, admin)).msg).toBe(
      '系统岗位不能修改',
    );
    expect((await t.api('/Position/Delete', { Id: sys.Id }, admin)).msg).toBe('系统岗位不能修改');
    const all = (await t.api<{ Rights: unknown[] }>('/Position/Get', { Id: sys.Id }, admin)).data;
    expect(all.Rights.length).toBeGreaterThan(80);
  });

  it('whoever holds the system position gets every key, not only the administrator', async () => {
    const sys = (await positions()).find((p) => p.IsSystem)!.Id;
    const list = await t.api<{ Id: number; DptId: number; Phone: string; UserName: string }[]>(
      '/user/StaffList',
      { Keyword: 'gongcheng1' },
      admin,
    );
    const g = list.data[0]!;
    const r = await t.api('/user/StaffSave', { ...g, PositionIds: [sys], AllCommunity: 1 }, admin);
    expect(r.ret).toBe(0);
    const token = await t.login('gongcheng1', 'Linli@123');
    const info = (await t.api<{ Access: string[]; IsAdmin: boolean }>('/user/GetInfo', {}, token)).data;
    expect(info.IsAdmin).toBe(false);
    expect(info.Access).toEqual(expect.arrayContaining(['yggl_gwqx', 'qygl_qyzl', 'cdzgl_gzbx']));
  });

  it('copy makes an equal position; delete is refused while held', async () => {
    const src = await idOf('维修工');
    const copy = await t.api<number>('/Position/Copy', { Id: src, Name: '维修工（夜班）' }, admin);
    expect(copy.ret).toBe(0);
    const a = (await t.api<{ Rights: { RoleKey: string; Btn: string }[] }>('/Position/Get', { Id: src }, admin)).data;
    const b = (await t.api<{ Rights: { RoleKey: string; Btn: string }[] }>('/Position/Get', { Id: copy.data }, admin))
      .data;
    const key = (r: { RoleKey: string; Btn: string }[]) => r.map((x) => `${x.RoleKey}:${x.Btn}`).sort();
    expect(key(b.Rights)).toEqual(key(a.Rights));
    expect((await t.api('/Position/Delete', { Id: src }, admin)).msg).toBe('该岗位下还有2名员工，不能删除');
    expect((await t.api('/Position/Delete', { Id: copy.data }, admin)).ret).toBe(0);
  });

  it('403 for a missing role, and for a missing button on a screen he holds; nothing changes', async () => {
    const kefu = await t.login('kefu1', 'Linli@123');
    expect((await t.api('/Position/GetList', {}, kefu)).ret).toBe(403);
    // 员工专员 holds yggl_yggl with add only: the list and add pass, export and delete do not.
    const pos = await t.api<number>(
      '/Position/Save',
      { Name: '招聘专员', Rights: [{ RoleKey: 'yggl_yggl', Btn: 'add' }] },
      admin,
    );
    await t.api(
      '/user/StaffSave',
      {
        UserAccount: 'zhaopin1',
        UserName: '招聘甲',
        Phone: '13900002222',
        DptId: await dptId('总经办'),
        PositionIds: [pos.data],
        AllCommunity: 1,
        Password: 'Hire2026a',
        ConfirmPwd: 'Hire2026a',
      },
      admin,
    );
    const hr = await t.login('zhaopin1', 'Hire2026a');
    const list = await t.api<{ Id: number; UserAccount: string }[]>('/user/StaffList', { Keyword: 'kefu1' }, hr);
    expect(list.ret).toBe(0);
    expect((await t.api('/user/StaffExport', {}, hr)).ret).toBe(403);
    const del = await t.api('/user/StaffDel', { Id: list.data[0]!.Id }, hr);
    expect(del).toMatchObject({ ret: 403 });
    expect((await t.api('/user/StaffGet', { Id: list.data[0]!.Id }, admin)).ret).toBe(0);
    // Edit is a different button from add on the same call.
    const edit = await t.api('/user/StaffSave', { Id: list.data[0]!.Id, UserName: 'x' }, hr);
    expect(edit.ret).toBe(403);
  });
});
