import { describe, expect, it } from 'vitest';
import type { RightGroup } from './api';
import {
  fromRights,
  groupState,
  screenState,
  tickAll,
  toggleButton,
  toggleGroup,
  toggleScreen,
  toRights,
} from './rights-logic';

const tree: RightGroup[] = [
  {
    Key: 'fcgl',
    Title: '房产管理',
    Children: [
      {
        Key: 'fcgl_xqgl',
        Title: '小区管理',
        Buttons: [
          { Key: 'add', Title: '新增' },
          { Key: 'edit', Title: '编辑' },
        ],
      },
      {
        Key: 'fcgl_fjgl',
        Title: '房间管理',
        Buttons: [
          { Key: 'add', Title: '新增' },
          { Key: 'export', Title: '导出' },
        ],
      },
    ],
  },
  {
    Key: 'zhgl',
    Title: '住户管理',
    Children: [{ Key: 'zhgl_zhgl', Title: '住户', Buttons: [{ Key: 'add', Title: '新增' }] }],
  },
];

describe('position rights editor', () => {
  it('ticking a screen ticks its buttons; unticking drops them', () => {
    let t = toggleScreen(new Map(), tree, 'fcgl_xqgl', true);
    expect([...t.get('fcgl_xqgl')!]).toEqual(['add', 'edit']);
    t = toggleScreen(t, tree, 'fcgl_xqgl', false);
    expect(t.has('fcgl_xqgl')).toBe(false);
  });

  it('a group is half-ticked when some of it is ticked, fully when all is', () => {
    const g = tree[0]!;
    let t = toggleScreen(new Map(), tree, 'fcgl_xqgl', true);
    expect(groupState(t, g)).toBe('some');
    t = toggleGroup(t, tree, 'fcgl', true);
    expect(groupState(t, g)).toBe('all');
    t = toggleButton(t, 'fcgl_fjgl', 'export', false);
    expect(groupState(t, g)).toBe('some');
    expect(screenState(t, g.Children[1]!)).toBe('some');
    expect(groupState(toggleGroup(t, tree, 'fcgl', false), g)).toBe('none');
  });

  it('ticking a button also grants its screen', () => {
    const t = toggleButton(new Map(), 'zhgl_zhgl', 'add', true);
    expect(toRights(t, tree)).toEqual([
      { RoleKey: 'zhgl', Btn: '' },
      { RoleKey: 'zhgl_zhgl', Btn: 'add' },
    ]);
  });

  it('saves 房间 without buttons and 住户 with 新增 as the 前台 position of the acceptance', () => {
    let t = toggleScreen(new Map(), tree, 'fcgl_fjgl', true);
    t = toggleButton(t, 'fcgl_fjgl', 'add', false);
    t = toggleButton(t, 'fcgl_fjgl', 'export', false);
    t = toggleButton(t, 'zhgl_zhgl', 'add', true);
    const rights = toRights(t, tree);
    expect(rights).toEqual([
      { RoleKey: 'fcgl', Btn: '' },
      { RoleKey: 'fcgl_fjgl', Btn: '' },
      { RoleKey: 'zhgl', Btn: '' },
      { RoleKey: 'zhgl_zhgl', Btn: 'add' },
    ]);
    expect(toRights(fromRights(rights, tree), tree)).toEqual(rights);
  });

  it('全选 ticks everything', () => {
    const t = tickAll(tree);
    expect(tree.map((g) => groupState(t, g))).toEqual(['all', 'all']);
  });
});
