import { appRoutes, filterRoutes } from '@linli/shared';
import { describe, expect, it } from 'vitest';
import { activeMenuKey, menuItems } from './menu-items';
import { resolveTree, trailTo } from './route-tree';

type Item = { key: string; children?: Item[] };

const menuFor = (access: string[]) => menuItems(resolveTree(filterRoutes(appRoutes, access))) as unknown as Item[];

describe('sidebar menu', () => {
  it('shows only the groups the cashier may open; a single-page group is a plain item', () => {
    const menu = menuFor(['dashboard', 'sfgl', 'sfgl_jft', 'sfgl_zsdc']);
    expect(menu.map((i) => i.key)).toEqual(['/dashboard', '/chargemanage', '/news/index']);
    expect(menu[1]?.children?.map((i) => i.key)).toEqual(['/chargemanage/paycost', '/chargemanage/payrec']);
    expect(menu[2]?.children).toBeUndefined();
  });

  it('skips hidden routes (edit pages, personal centre)', () => {
    const keys = JSON.stringify(menuFor(['dashboard', 'yggl', 'yggl_ygda']));
    expect(keys).toContain('/personnel/archives');
    expect(keys).not.toContain('createArchives');
    expect(keys).not.toContain('/personalCenter');
  });

  it('an edit page lights up its list in the menu', () => {
    const tree = resolveTree(filterRoutes(appRoutes, ['yggl', 'yggl_ygda']));
    const trail = trailTo('/personnel/editArchives/12', tree);
    expect(trail.map((t) => t.fullPath)).toEqual(['/personnel', '/personnel/editArchives/:id']);
    expect(activeMenuKey(trail)).toBe('/personnel');
  });
});
