import { describe, expect, it } from 'vitest';
import {
  type DepartmentNode,
  departmentOptions,
  filterDepartments,
  parentOptions,
  subtreeIds,
} from './department-tree';

const tree: DepartmentNode[] = [
  {
    Id: 0,
    DptName: '邻里物业',
    Type: 1,
    StaffCount: 5,
    children: [
      {
        Id: 4,
        DptName: '工程部',
        Type: 3,
        StaffCount: 3,
        children: [{ Id: 5, DptName: '电梯组', Type: 3, StaffCount: 1 }],
      },
      { Id: 2, DptName: '财务部', Type: 3, StaffCount: 2, children: [] },
    ],
  },
];

describe('department tree', () => {
  it('searches by name and keeps the path to each hit', () => {
    const found = filterDepartments(tree, '电梯');
    expect(found[0]!.children!.map((c) => c.DptName)).toEqual(['工程部']);
    expect(found[0]!.children![0]!.children!.map((c) => c.DptName)).toEqual(['电梯组']);
    expect(filterDepartments(tree, '不存在')).toEqual([]);
  });

  it('offers departments without the company root for a person', () => {
    expect(departmentOptions(tree, false).map((o) => o.title)).toEqual(['工程部', '财务部']);
  });

  it('does not let a department move under itself or a descendant', () => {
    expect([...subtreeIds(tree[0]!.children![0])]).toEqual([4, 5]);
    const opts = parentOptions(tree, 4);
    const eng = opts[0]!.children![0]!;
    expect(eng.disabled).toBe(true);
    expect(eng.children![0]!.disabled).toBe(true);
    expect(opts[0]!.children![1]!.disabled).toBe(false);
  });
});
