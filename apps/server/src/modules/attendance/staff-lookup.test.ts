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

  it('GetEmployesGroupByShift answers 未排班 for everyone until shifts exist', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const r = await t.api<{ ShiftName: string; Users: unknown[] }[]>(
      '/Attendance/GetEmployesGroupByShift',
      { Day: '2026-11-21' },
      admin,
    );
    expect(r.data).toHaveLength(1);
    expect(r.data[0]!.ShiftName).toBe('未排班');
    expect(r.data[0]!.Users.length).toBeGreaterThan(5);
    const cashier = await t.login('cashier', 'Cashier@123');
    expect((await t.api('/Attendance/GetEmployesGroupByShift', {}, cashier)).ret).toBe(403);
  });
});
