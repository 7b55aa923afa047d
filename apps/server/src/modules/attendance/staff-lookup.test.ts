import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Node {
  DptId: number;
  DptName: string;
  Children: Node[];
  Users: { UserName: string; JobNo: string }[];
}
const all = (n: Node): Node['Users'] => [...n.Users, ...n.Children.flatMap(all)];

describe('attendance staff lookups', () => {
  it('GetDptUser: the department tree with enabled staff and their 工号; a keyword keeps only hits', async () => {
    const token = await t.login('cashier', 'Cashier@123');
    const [root] = (await t.api<Node[]>('/Attendance/GetDptUser', {}, token)).data;
    expect(root!.DptName).toBe('邻里物业');
    const people = all(root!);
    expect(people.find((u) => u.UserName === '张师傅')!.JobNo).toMatch(/^E\d{4}$/);
    expect(people.map((u) => u.UserName)).not.toContain('吴离职');
    const [hit] = (await t.api<Node[]>('/Attendance/GetDptUser', { Keyword: '张师傅' }, token)).data;
    expect(all(hit!).map((u) => u.UserName)).toEqual(['张师傅']);
    expect(hit!.Children.map((c) => c.DptName)).toEqual(['工程部']);
  });

  it("GetDptUser names each person's attendance group", async () => {
    const token = await t.login('admin', 'Admin@123');
    const [root] = (await t.api<Node[]>('/Attendance/GetDptUser', {}, token)).data;
    const people = all(root!) as unknown as { UserName: string; GroupName: string }[];
    expect(people.find((u) => u.UserName === '陈收银')!.GroupName).toBe('行政考勤组');
    expect(people.find((u) => u.UserName === '刘保安')!.GroupName).toBe('保安排班组');
    expect(people.find((u) => u.UserName === '系统管理员')!.GroupName).toBe('');
  });

  it('GetEmployesGroupByShift: members by the shift they are due on, with punch States; others 未排班', async () => {
    const admin = await t.login('admin', 'Admin@123');
    // A Monday: the office group is due on 行政班.
    const monday = '2026-11-23';
    const r = await t.api<
      { ShiftId: number; ShiftName: string; Users: { UserName: string; OnState: number; OffState: number }[] }[]
    >('/Attendance/GetEmployesGroupByShift', { Day: monday }, admin);
    const office = r.data.find((b) => b.ShiftName === '行政班')!;
    expect(office.Users.map((u) => u.UserName)).toContain('陈收银');
    expect(office.Users.every((u) => u.OnState > 0 && u.OffState > 0)).toBe(true);
    expect(r.data.find((b) => b.ShiftName === '未排班')!.Users.map((u) => u.UserName)).toContain('系统管理员');
    const cashier = await t.login('cashier', 'Cashier@123');
    expect((await t.api('/Attendance/GetEmployesGroupByShift', {}, cashier)).ret).toBe(403);
  });
});
