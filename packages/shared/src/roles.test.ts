import { describe, expect, it } from 'vitest';
import {
  buttonCountExclusions,
  buttonKeys,
  countButtons,
  screensWithAreaVerbs,
  standardButtons,
  screensWithExactButtons,
} from './buttons';
import { allRoleKeys, groupKeys, groupOfScreen, roleTree, screenKeys } from './roles';

describe('roleTree', () => {
  it('holds the spec §6 groups in order', () => {
    expect(groupKeys).toEqual([
      'qygl',
      'fcgl',
      'zhgl',
      'cwcl',
      'sfgl',
      'yggl',
      'txgl',
      'wyfw',
      'shfw',
      'xggl',
      'web_sbgl',
      'wbgl',
      'ccgl',
      'htgl',
      'kdgl',
      'dxgl',
      'kqgl',
      'ggwgl',
      'sjdp',
      'cdzgl',
    ]);
  });

  it('spells out the abbreviated children in full', () => {
    expect(roleTree.find((g) => g.key === 'web_sbgl')?.children[0]).toBe('web_sbgl_sbfl');
    expect(roleTree.find((g) => g.key === 'kqgl')?.children).toEqual(['kqgl_kqsz', 'kqgl_dkjl', 'kqgl_kqtj']);
    expect(roleTree.find((g) => g.key === 'sfgl')?.children).toHaveLength(8);
  });

  it('prefixes every child with its group key', () => {
    for (const g of roleTree) for (const c of g.children) expect(c.startsWith(`${g.key}_`), c).toBe(true);
  });

  it('lists every group and screen key once in allRoleKeys', () => {
    expect(allRoleKeys).toHaveLength(groupKeys.length + screenKeys.length);
    expect(new Set(allRoleKeys).size).toBe(allRoleKeys.length);
    expect(allRoleKeys.slice(0, 3)).toEqual(['qygl', 'qygl_qyzl', 'qygl_zzjg']);
    expect(screenKeys).toHaveLength(72);
  });

  it('finds the group of a screen', () => {
    expect(groupOfScreen('web_sbgl_wxd')).toBe('web_sbgl');
    expect(groupOfScreen('web_sbgl')).toBeUndefined();
  });
});

describe('buttonKeys', () => {
  const keysOf = (screen: string) => buttonKeys[screen]?.map((b) => b.key) ?? [];

  it('offers the standard six on every screen the domain files do not list exactly', () => {
    expect(Object.keys(buttonKeys)).toEqual(screenKeys);
    for (const screen of screenKeys.filter((s) => !screensWithExactButtons.includes(s))) {
      expect(buttonKeys[screen]?.slice(0, 6), screen).toEqual(standardButtons);
    }
  });

  it('adds the area verbs of the domain files', () => {
    expect(keysOf('yggl_yggl')).toEqual(expect.arrayContaining(['resetpwd', 'unlock', 'state']));
    expect(keysOf('fcgl_fjgl')).toContain('linkmeter');
    expect(keysOf('wyfw_bxcl')).toEqual(expect.arrayContaining(['setauto', 'setservice', 'tb_export', 'dispatch']));
    expect(keysOf('sfgl_jft')).toEqual(expect.arrayContaining(['pay', 'discount', 'addbill', 'print']));
    expect(keysOf('sfgl_zsdc')).toEqual(expect.arrayContaining(['void', 'refund', 'approve', 'handover']));
    expect(keysOf('zhgl_zhgl')).toContain('approve');
  });

  it('files area verbs under real screen keys only', () => {
    expect(screensWithAreaVerbs.filter((k) => !screenKeys.includes(k))).toEqual([]);
  });

  it('has no duplicate key on a screen and a Chinese title on each', () => {
    for (const screen of screenKeys) {
      const keys = keysOf(screen);
      expect(new Set(keys).size, screen).toBe(keys.length);
      for (const b of buttonKeys[screen] ?? []) expect(b.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('offers every key that the counting exclusions name', () => {
    for (const [control, keys] of Object.entries(buttonCountExclusions)) {
      for (const key of keys.filter((k) => !k.endsWith('_'))) expect(keysOf(control), control).toContain(key);
    }
  });
});

describe('countButtons', () => {
  it('removes the exact excluded keys before counting', () => {
    expect(countButtons('fcgl_fjgl', 'add,edit,linkmeter,del')).toBe(2);
    expect(countButtons('sfgl_zsdc', ['export', 'add', 'void'])).toBe(1);
    expect(countButtons('wyfw_bxcl', 'add,setauto,setservice,tb_export,export,dispatch')).toBe(1);
  });

  it("treats wyfw_tsjy's 'tb_' as a prefix", () => {
    expect(countButtons('wyfw_tsjy', 'add,tb_export,tb_stats,reply,alertset')).toBe(1);
    expect(countButtons('wyfw_bxcl', 'tb_export,tb_stats')).toBe(1);
  });

  it('counts everything for a control without exclusions, ignoring blanks and spaces', () => {
    expect(countButtons('fcgl_xqgl', ' add , edit,,')).toBe(2);
    expect(countButtons('fcgl_xqgl', '')).toBe(0);
  });
});
