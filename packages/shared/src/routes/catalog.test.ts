import { describe, expect, it } from 'vitest';
import { allRoleKeys, groupKeys, roleTree, screenKeys } from '../roles';
import { appRoutes, publicRoutes } from './catalog';
import { flattenRoutes } from './match';
import { resolvePath } from './paths';

const flat = flattenRoutes(appRoutes);
const byPath = new Map(flat.map((r) => [r.fullPath, r]));
const topGroups = appRoutes.filter((r) => r.roles);

/** Sidebar entries of each guarded group as spec §2 lists them (hidden create/edit/report routes left out). */
const visibleScreens: Record<string, string[]> = {
  '/CmpManage': ['cmpinfo', 'DptList'],
  '/housemanage': ['communitylist', 'buildinglist', 'houselist', 'reservationlist'],
  '/household': ['list', 'facedata'],
  '/car': ['parking', 'place', 'vehicle'],
  '/chargemanage': ['paycost', 'meterReading', 'deposit', 'electric', 'nopay', 'payrec', 'itemlist', 'chargerec'],
  '/personnel': ['author', 'management', 'archives'],
  '/cardmanage': ['cardList', 'cardusereclist', 'roadwaylist', 'carreclist'],
  '/propertyServices': ['notice', 'repair', 'complaint', 'guideInfo'],
  '/lifeService': ['activities', 'signUp'],
  '/nightpatrol': ['sitelist', 'planlist', 'tasklist'],
  '/equipment': [
    'typelist',
    'standardlist',
    'infolist',
    'roomlist',
    'plan/checklist',
    'plan/repairlist',
    'task/checklist',
    'task/repairlist',
    'repair/list',
  ],
  '/wbmanage': ['cmpinflist'],
  '/storage': [
    'supplierlist',
    'warehouselist',
    'goodscategory',
    'goodslist',
    'inoutrec',
    'transf',
    'pandian',
    'storagereport',
  ],
  '/contract': ['list', 'storage/contactChart', 'settings'],
  '/express': ['orderlist', 'storagelist', 'settings'],
  '/sms': ['sendgroupmsg', 'sendreclist', 'chargereclist'],
  '/attendance': ['settings', 'clockinlist', 'statistics'],
  '/AdSpace': ['AdSpaces'],
  '/screen': ['index'],
  '/ChargePoint': ['powerStation', 'recharge', 'chargingRecords', 'chargingReport', 'bugRepair'],
};

describe('route catalog', () => {
  it('lists the menu groups in the order of spec §2, each guarded by its group key', () => {
    expect(topGroups.map((g) => g.path)).toEqual(Object.keys(visibleScreens));
    expect(topGroups.map((g) => g.roles)).toEqual(groupKeys.map((k) => [k]));
  });

  it('shows exactly the spec screens of each group in the sidebar, in order', () => {
    for (const g of topGroups) {
      expect(
        g.children?.filter((c) => !c.hidden).map((c) => c.path),
        g.path,
      ).toEqual(visibleScreens[g.path]);
    }
  });

  it('gives every group a Chinese title and an @ant-design/icons name', () => {
    for (const g of topGroups) {
      expect(g.title).toMatch(/^[\u4e00-\u9fa5]+$/);
      expect(g.icon).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
    }
  });

  it('uses every screen key of spec §6 on some route', () => {
    const used = new Set(flat.flatMap((r) => r.node.roles ?? []));
    expect(screenKeys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('uses only role keys that spec §6 defines', () => {
    const known = new Set(allRoleKeys);
    const unknown = flat.flatMap((r) =>
      (r.node.roles ?? []).filter((k) => !known.has(k)).map((k) => `${r.fullPath}:${k}`),
    );
    expect(unknown).toEqual([]);
  });

  it('guards each screen with a key of its own group', () => {
    for (const g of topGroups) {
      const groupKey = g.roles?.[0];
      const children = roleTree.find((t) => t.key === groupKey)?.children ?? [];
      const screens = flat.filter((r) => r.parents[0] === g);
      for (const s of screens) expect(children, s.fullPath).toContain(s.node.roles?.[0]);
    }
  });

  it('redirects every group to its first visible child, which is a real route', () => {
    const groups = flat.filter((r) => r.node.redirect && r.fullPath !== '/');
    expect(groups.length).toBeGreaterThan(20);
    for (const g of groups) {
      // A hidden group of hidden pages (/test) falls back to its first child.
      const first = g.node.children?.find((c) => !c.hidden) ?? g.node.children?.[0];
      expect(first, g.fullPath).toBeDefined();
      expect(g.node.redirect).toBe(resolvePath(g.fullPath, first?.path ?? ''));
      expect(byPath.has(g.node.redirect ?? '')).toBe(true);
    }
    expect(appRoutes[0]).toMatchObject({ path: '/', redirect: '/dashboard' });
    expect(byPath.get('/contract/storage/contactChart')?.node.redirect).toBe(
      '/contract/storage/contactChart/contactChart',
    );
  });

  it('marks as built only screens, never groups that merely redirect', () => {
    const built = flat.filter((r) => r.node.built);
    expect(built.map((r) => r.fullPath)).toContain('/dashboard');
    for (const r of built) expect(r.node.redirect, r.fullPath).toBeUndefined();
  });

  it('keeps the dashboard open to all, pinned, titled 首页', () => {
    expect(byPath.get('/dashboard')?.node).toMatchObject({ title: '首页', affix: true });
    expect(byPath.get('/dashboard')?.node.roles).toBeUndefined();
    for (const path of ['/news/index', '/news/detail', '/personalCenter/index']) {
      expect(byPath.get(path)?.node.roles, path).toBeUndefined();
    }
  });

  it('declares the message centre, personal centre and test page as the spec says', () => {
    expect(byPath.get('/news/index')?.node).toMatchObject({ title: '消息中心', keepAlive: true });
    expect(byPath.get('/news/detail')?.node).toMatchObject({ title: '系统通知', hidden: true });
    expect(byPath.get('/personalCenter')?.node.hidden).toBe(true);
    expect(byPath.get('/personalCenter/index')?.node.title).toBe('个人中心');
    expect(byPath.get('/test/test')?.node.hidden).toBe(true);
  });

  it('marks every :id route hidden and digits-only', () => {
    const withId = flat.filter((r) => r.fullPath.includes(':id'));
    expect(withId.map((r) => r.fullPath)).toEqual([
      '/car/place/edit/:id',
      '/personnel/editArchives/:id',
      '/propertyServices/editNotice/:id',
      '/propertyServices/repairInfo/:id',
      '/propertyServices/complaintInfo/:id',
      '/lifeService/activitiesEdit/:id',
    ]);
    for (const r of withId) expect(r.node).toMatchObject({ hidden: true, idParam: true });
  });

  it('puts the fee reports under /chargemanage with sfgl_sfbb, hidden', () => {
    const reports = [
      ...['yjmx', 'yjhz', 'yjzl', 'jfxm', 'qjmx', 'qjhz', 'qjhzscfj', 'qjhzjefj', 'yckycmx', 'yckdkmx', 'yckhz'].map(
        (n) => `/chargemanage/chargerec/${n}`,
      ),
      ...['costdetails', 'costcollect', 'itemcollect', 'paymentmethodcollect', 'ratecollect'].map(
        (n) => `/chargemanage/synthetical/${n}`,
      ),
      ...['annulhouse', 'annulcommunity', 'annulitem'].map((n) => `/chargemanage/synthetical/${n}`),
      ...['costOverview', 'moneycollect', 'communitycollect', 'moyitemcollect', 'paytypecollect'].map(
        (n) => `/chargemanage/charts/${n}`,
      ),
    ];
    for (const path of reports) {
      expect(byPath.get(path)?.node, path).toMatchObject({ hidden: true, roles: ['sfgl_sfbb'] });
      expect(byPath.get(path)?.node.title, path).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
    for (const path of ['/chargemanage/moyitem/itemaddedit', '/chargemanage/moyitem/standardaddedit']) {
      expect(byPath.get(path)?.node, path).toMatchObject({ hidden: true, roles: ['sfgl_sfxm'] });
    }
  });

  it('gives hidden create/edit routes the key of their list', () => {
    const expectations: Record<string, string> = {
      '/housemanage/communityaddedit': 'fcgl_xqgl',
      '/housemanage/house/houseaddedit': 'fcgl_fjgl',
      '/cardmanage/roadway/roadwayaddedit': 'txgl_cdgl',
      '/storage/inoutstorage': 'ccgl_crkmx',
      '/equipment/repair/addinfo': 'web_sbgl_wxd',
      '/ChargePoint/create': 'cdzgl_dzgl',
      '/attendance/editsetting': 'kqgl_kqsz',
    };
    for (const [path, key] of Object.entries(expectations)) {
      expect(byPath.get(path)?.node, path).toMatchObject({ hidden: true, roles: [key] });
    }
  });

  it('has unique full paths and unique names', () => {
    const all = flattenRoutes([...publicRoutes, ...appRoutes]);
    const paths = all.map((r) => r.fullPath);
    const names = all.map((r) => r.node.name);
    expect(new Set(paths).size).toBe(paths.length);
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists the public routes, all hidden', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual([
      '/redirect/:path(.*)',
      '/login',
      '/auth-redirect',
      '/404',
      '/401',
    ]);
    expect(publicRoutes.every((r) => r.hidden)).toBe(true);
  });
});
