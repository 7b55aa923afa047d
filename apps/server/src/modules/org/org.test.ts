import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Node {
  Id: number;
  DptName: string;
  Type: number;
  StaffCount: number;
  children: Node[];
}
const tree = async () => (await t.api<Node[]>('/user/GetTreeCompany', {}, admin)).data;
const find = (nodes: Node[], name: string): Node | undefined => {
  for (const n of nodes) {
    if (n.DptName === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};

describe('company profile', () => {
  it('saves SiteTitle and GetInfo answers it at once', async () => {
    const info = (await t.api<Record<string, unknown>>('/user/GetCompanyInf', {}, admin)).data;
    expect(info).toMatchObject({ CmpName: '邻里物业', AdminAccount: 'admin', SiteTitle: '邻里智慧物业' });
    const r = await t.api(
      '/user/CompanyEdit',
      { CmpName: '邻里物业', Contact: '系统管理员', ContactTel: '0571-88886666', SiteTitle: '阳光物业' },
      admin,
    );
    expect(r).toMatchObject({ ret: 0, msg: '保存成功' });
    const me = (await t.api<{ SiteTitle: string }>('/user/GetInfo', {}, admin)).data;
    expect(me.SiteTitle).toBe('阳光物业');
  });

  it('names the bad fields', async () => {
    const r = await t.api(
      '/user/CompanyEdit',
      { CmpName: '邻', Contact: '', ContactTel: '12345', LicenceNo: 'ABC' },
      admin,
    );
    expect(r.ret).toBe(400);
    expect(r.data).toEqual({
      Errors: {
        CmpName: '企业名称需为2-50个字符',
        Contact: '请输入联系人',
        ContactTel: '请输入正确的联系电话',
        LicenceNo: '请输入正确的统一社会信用代码',
      },
    });
  });

  it('needs qygl_qyzl:edit', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    const r = await t.api(
      '/user/CompanyEdit',
      { CmpName: '别人家', Contact: 'x', ContactTel: '0571-88886666' },
      cashier,
    );
    expect(r.ret).toBe(403);
    expect((await t.api<{ CmpName: string }>('/user/GetCompanyInf', {}, admin)).data.CmpName).toBe('邻里物业');
  });
});

describe('departments (acceptance 2)', () => {
  it('the tree has the company as root with staff counts per branch', async () => {
    const [root] = await tree();
    expect(root).toMatchObject({ Id: 0, Type: 1, DptName: '邻里物业' });
    const eng = find(root!.children, '工程部')!;
    expect(eng.children.map((c) => c.DptName)).toEqual(['电梯组']);
    // weixiu2 and gongcheng1 in 工程部, weixiu1 in 电梯组.
    expect(eng.StaffCount).toBe(3);
    expect(find(root!.children, '城东分公司')!.Type).toBe(2);
  });

  it('adds under 工程部, refuses a sibling with the same name, and refuses deleting a parent', async () => {
    const eng = find(await tree(), '工程部')!;
    const add = await t.api<number>('/user/DepartmentAdd', { Id: 0, DptName: '水电组', ParentId: eng.Id }, admin);
    expect(add.ret).toBe(0);
    expect(find(await tree(), '水电组')).toBeDefined();
    const dup = await t.api('/user/DepartmentAdd', { Id: 0, DptName: '电梯组', ParentId: eng.Id }, admin);
    expect(dup).toMatchObject({
      ret: 400,
      msg: '同级下已存在同名部门',
      data: { Errors: { DptName: '同级下已存在同名部门' } },
    });
    const del = await t.api('/user/DepartmentDel', { Id: eng.Id }, admin);
    expect(del).toMatchObject({ ret: 400, msg: '该部门下还有下级部门，不能删除' });
    expect((await t.api('/user/DepartmentDel', { Id: 0 }, admin)).msg).toBe('企业根节点不能删除');
    const lift = find(await tree(), '电梯组')!;
    expect((await t.api('/user/DepartmentDel', { Id: lift.Id }, admin)).msg).toBe('该部门下还有员工，不能删除');
    expect((await t.api('/user/DepartmentDel', { Id: add.data }, admin)).ret).toBe(0);
    expect(find(await tree(), '水电组')).toBeUndefined();
  });

  it('refuses a parent inside its own branch, a 分公司 under a 部门, and a 7th level', async () => {
    const eng = find(await tree(), '工程部')!;
    const lift = find(await tree(), '电梯组')!;
    const loop = await t.api('/user/DepartmentAdd', { Id: eng.Id, DptName: '工程部', ParentId: lift.Id }, admin);
    expect(loop.msg).toBe('上级不能选择自己或下级');
    const branch = await t.api('/user/DepartmentAdd', { DptName: '某分公司', Type: 2, ParentId: eng.Id }, admin);
    expect(branch.msg).toBe('分公司只能建在公司或分公司下');
    let parent = lift.Id; // level 2
    for (let level = 3; level <= 6; level++) {
      const r = await t.api<number>('/user/DepartmentAdd', { DptName: `L${level}`, ParentId: parent }, admin);
      expect(r.ret).toBe(0);
      parent = r.data;
    }
    const seventh = await t.api('/user/DepartmentAdd', { DptName: 'L7', ParentId: parent }, admin);
    expect(seventh.msg).toBe('组织层级最多6级');
  });

  it('an edit without Type keeps a 分公司 a 分公司', async () => {
    const east = find(await tree(), '城东分公司')!;
    expect((await t.api('/user/DepartmentAdd', { Id: east.Id, DptName: '城东分公司', Sort: 9 }, admin)).ret).toBe(0);
    expect(find(await tree(), '城东分公司')!.Type).toBe(2);
  });

  it("GetDepartment answers another company's id and an unknown id with 数据不存在", async () => {
    const eng = find(await tree(), '工程部')!;
    expect((await t.api<{ DptName: string }>('/user/GetDepartment', { Id: eng.Id }, admin)).data.DptName).toBe(
      '工程部',
    );
    expect(await t.api('/user/GetDepartment', { Id: 99999 }, admin)).toMatchObject({ ret: 404, msg: '数据不存在' });
  });
});
