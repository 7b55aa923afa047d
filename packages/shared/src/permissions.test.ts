import { describe, expect, it } from 'vitest';
import { buttonControl, canButton, canRoute, filterRoutes, hasButton } from './permissions';
import { appRoutes } from './routes/catalog';
import { flattenRoutes } from './routes/match';
import type { RouteNode } from './routes/types';

describe('canRoute', () => {
  it('opens a route without roles to every signed-in user', () => {
    expect(canRoute({}, [])).toBe(true);
    expect(canRoute({ roles: undefined }, ['dashboard'])).toBe(true);
  });

  it('opens a guarded route when any Access entry is in its roles', () => {
    expect(canRoute({ roles: ['fcgl_fjgl'] }, ['dashboard', 'fcgl', 'fcgl_fjgl'])).toBe(true);
    expect(canRoute({ roles: ['fcgl_fjgl', 'fcgl_xqgl'] }, ['fcgl_xqgl'])).toBe(true);
  });

  it('closes a guarded route to a user without its keys', () => {
    expect(canRoute({ roles: ['fcgl_fjgl'] }, ['fcgl', 'fcgl_xqgl'])).toBe(false);
    expect(canRoute({ roles: ['fcgl_fjgl'] }, [])).toBe(false);
  });

  it('treats an empty roles list as roles meta that nobody holds', () => {
    expect(canRoute({ roles: [] }, ['fcgl'])).toBe(false);
  });
});

describe('filterRoutes', () => {
  const front = ['dashboard', 'fcgl', 'fcgl_fjgl', 'zhgl', 'zhgl_zhgl'];
  const routes = filterRoutes(appRoutes, front);
  const paths = flattenRoutes(routes).map((r) => r.fullPath);

  it('keeps the open routes and the permitted screens only', () => {
    expect(routes.map((r) => r.path)).toEqual(['/', '/housemanage', '/household', '/news', '/personalCenter', '/test']);
    expect(paths).toContain('/housemanage/houselist');
    expect(paths).toContain('/housemanage/house/houseaddedit');
    expect(paths).not.toContain('/housemanage/communitylist');
    expect(paths).not.toContain('/household/facedata');
  });

  it('moves a group redirect to the first child the user may open', () => {
    expect(routes.find((r) => r.path === '/housemanage')?.redirect).toBe('/housemanage/houselist');
    expect(routes.find((r) => r.path === '/household')?.redirect).toBe('/household/list');
  });

  it('drops a group whose screens were all filtered out', () => {
    const onlyGroup = filterRoutes(appRoutes, ['qygl']);
    expect(onlyGroup.map((r) => r.path)).not.toContain('/CmpManage');
  });

  it('filters nested children too', () => {
    const tree: RouteNode[] = [
      {
        path: '/contract',
        roles: ['htgl'],
        redirect: '/contract/list',
        children: [
          { path: 'list', roles: ['htgl_htgl'] },
          { path: 'storage/contactChart', roles: ['htgl_htbb'], children: [{ path: 'Paidcost', roles: ['x'] }] },
        ],
      },
    ];
    const out = filterRoutes(tree, ['htgl', 'htgl_htbb']);
    expect(out[0]?.children?.map((c) => c.path)).toEqual(['storage/contactChart']);
    expect(out[0]?.children?.[0]?.children).toEqual([]);
    expect(out[0]?.redirect).toBe('/contract/storage/contactChart');
  });

  it('does not change the catalog', () => {
    expect(appRoutes.find((r) => r.path === '/housemanage')?.redirect).toBe('/housemanage/communitylist');
  });
});

describe('canButton', () => {
  const buttons = [
    { CtlName: 'fcgl_fjgl', Btn: 'add, edit ,view' },
    { CtlName: 'sfgl_sfbb', Btn: 'export' },
  ];

  it('uses the first roles entry as the control and trims the Btn entries', () => {
    expect(canButton({ roles: ['fcgl_fjgl'] }, 'edit', buttons)).toBe(true);
    expect(canButton({ roles: ['fcgl_fjgl'] }, 'add', buttons)).toBe(true);
    expect(canButton({ roles: ['fcgl_fjgl'] }, 'linkmeter', buttons)).toBe(false);
  });

  it("falls back to control 'sfgl_sfbb' when the route has no roles", () => {
    expect(buttonControl({})).toBe('sfgl_sfbb');
    expect(buttonControl(undefined)).toBe('sfgl_sfbb');
    expect(canButton({}, 'export', buttons)).toBe(true);
    expect(canButton(undefined, 'export', buttons)).toBe(true);
    expect(canButton({}, 'edit', buttons)).toBe(false);
  });

  it('matches whole keys only, on the right control', () => {
    expect(canButton({ roles: ['fcgl_fjgl'] }, 'ad', buttons)).toBe(false);
    expect(canButton({ roles: ['fcgl_xqgl'] }, 'add', buttons)).toBe(false);
    expect(hasButton('fcgl_fjgl', 'view', buttons)).toBe(true);
    expect(hasButton('fcgl_fjgl', 'view', [])).toBe(false);
  });
});
