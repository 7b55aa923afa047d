import { describe, expect, it } from 'vitest';
import { filterRoutes } from '../permissions';
import { appRoutes } from './catalog';
import { findRouteByPath, flattenRoutes } from './match';
import { isDigitsId, resolvePath, toRouterPath } from './paths';

describe('findRouteByPath', () => {
  it('matches a digits-only :id and returns the param', () => {
    const m = findRouteByPath('/personnel/editArchives/12');
    expect(m?.fullPath).toBe('/personnel/editArchives/:id');
    expect(m?.params).toEqual({ id: '12' });
    expect(m?.roles).toEqual(['yggl_ygda']);
  });

  it('refuses an :id that is not digits', () => {
    expect(findRouteByPath('/personnel/editArchives/ab')).toBeUndefined();
    expect(findRouteByPath('/personnel/editArchives/12a')).toBeUndefined();
    expect(findRouteByPath('/personnel/editArchives/')).toBeUndefined();
    expect(findRouteByPath('/car/place/edit/-1')).toBeUndefined();
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(findRouteByPath('/car/place/edit/7?from=list#top')?.params).toEqual({ id: '7' });
    expect(findRouteByPath('/household/list/?type=2')?.fullPath).toBe('/household/list');
  });

  it('matches case-insensitively like the routers do', () => {
    expect(findRouteByPath('/cmpmanage/CMPINFO')?.fullPath).toBe('/CmpManage/cmpinfo');
  });

  it('finds groups with their redirect and nested report pages with their parents', () => {
    expect(findRouteByPath('/housemanage')?.redirect).toBe('/housemanage/communitylist');
    const report = findRouteByPath('/chargemanage/chargerec/yjmx');
    expect(report?.title).toBe('应缴明细表');
    expect(report?.parents.map((p) => p.path)).toEqual(['/chargemanage', 'chargerec']);
  });

  it('matches the public catch-all redirect route', () => {
    const m = findRouteByPath('/redirect/housemanage/communitylist');
    expect(m?.fullPath).toBe('/redirect/:path(.*)');
    expect(m?.params.path).toBe('housemanage/communitylist');
  });

  it('answers undefined for unknown paths', () => {
    expect(findRouteByPath('/nowhere')).toBeUndefined();
    expect(findRouteByPath('/housemanage/communitylist/extra')).toBeUndefined();
  });

  it('searches only the routes it is given', () => {
    const routes = filterRoutes(appRoutes, ['fcgl', 'fcgl_fjgl']);
    expect(findRouteByPath('/housemanage/houselist', routes)).toBeDefined();
    expect(findRouteByPath('/housemanage/communitylist', routes)).toBeUndefined();
  });
});

describe('route paths', () => {
  it('resolves relative and absolute child paths', () => {
    expect(resolvePath('/housemanage', 'communitylist')).toBe('/housemanage/communitylist');
    expect(resolvePath('/housemanage', '/housemanage/house/houseaddedit')).toBe('/housemanage/house/houseaddedit');
    expect(resolvePath('/', 'dashboard')).toBe('/dashboard');
    expect(resolvePath('/a/', 'b/')).toBe('/a/b');
    expect(resolvePath('/a', '')).toBe('/a');
    expect(resolvePath('/a', 'https://help.example.com')).toBe('https://help.example.com');
  });

  it('converts catalog paths to react-router syntax', () => {
    expect(toRouterPath('/redirect/:path(.*)')).toBe('/redirect/*');
    expect(toRouterPath('/personnel/editArchives/:id(\\d+)')).toBe('/personnel/editArchives/:id');
    expect(toRouterPath('/personnel/editArchives/:id')).toBe('/personnel/editArchives/:id');
  });

  it('checks digits-only ids', () => {
    expect(isDigitsId('12')).toBe(true);
    expect(isDigitsId('1a')).toBe(false);
    expect(isDigitsId('')).toBe(false);
    expect(isDigitsId(undefined)).toBe(false);
  });

  it('flattens with full paths and parent chains', () => {
    const flat = flattenRoutes(appRoutes);
    const plan = flat.find((r) => r.fullPath === '/contract/storage/contactChart/Rectcontrolchart');
    expect(plan?.parents.map((p) => p.path)).toEqual(['/contract', 'storage/contactChart']);
    expect(flat[0]?.fullPath).toBe('/');
    expect(flat[1]?.fullPath).toBe('/dashboard');
  });
});
