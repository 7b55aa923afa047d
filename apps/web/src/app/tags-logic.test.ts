import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, type TagView, returnPath } from './tags-logic';

const home: TagView = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true };
const rooms: TagView = { path: '/housemanage/houselist', fullPath: '/housemanage/houselist', title: '房间管理' };
const bills: TagView = { path: '/chargemanage/payrec', fullPath: '/chargemanage/payrec?page=2', title: '缴费记录' };
const news: TagView = { path: '/news/index', fullPath: '/news/index', title: '消息' };

describe('tags view', () => {
  it('opens one tab per path and refreshes the query of a tab already open', () => {
    let views = addView([home], rooms);
    views = addView(views, rooms);
    views = addView(views, { ...rooms, fullPath: '/housemanage/houselist?BuildingId=3' });
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/housemanage/houselist']);
    expect(views[1]?.fullPath).toBe('/housemanage/houselist?BuildingId=3');
  });

  it('closing the active tab lands on the last remaining tab', () => {
    const result = closeView([home, rooms, bills], rooms.path, rooms.path);
    expect(result.views).toEqual([home, bills]);
    expect(result.navigateTo).toBe('/chargemanage/payrec?page=2');
  });

  it('closing the only closable active tab goes home', () => {
    expect(closeView([rooms], rooms.path, rooms.path)).toEqual({ views: [], navigateTo: '/dashboard' });
  });

  it('closing an inactive tab stays where the user is', () => {
    expect(closeView([home, rooms, bills], bills.path, rooms.path)).toEqual({ views: [home, rooms] });
  });

  it('首页 cannot be closed', () => {
    expect(closeView([home, rooms], home.path, home.path).views).toEqual([home, rooms]);
  });

  it('关闭其他 keeps the fixed tabs and the chosen one, and opens it', () => {
    const result = closeOthers([home, rooms, bills, news], bills.path, news.path);
    expect(result.views).toEqual([home, bills]);
    expect(result.navigateTo).toBe(bills.fullPath);
  });

  it('关闭所有 keeps only the fixed tabs and goes to the last of them', () => {
    expect(closeAll([home, rooms, bills], bills.path)).toEqual({ views: [home], navigateTo: '/dashboard' });
    expect(closeAll([home, rooms], home.path)).toEqual({ views: [home] });
  });
});

describe('returnPath', () => {
  const views = [
    { path: '/dashboard', fullPath: '/dashboard', title: '首页' },
    { path: '/housemanage/buildinglist', fullPath: '/housemanage/buildinglist?communityId=3', title: '楼宇管理' },
  ];
  it('goes back to the list with the filter its tab had', () => {
    expect(returnPath(views, '/housemanage/buildinglist')).toBe('/housemanage/buildinglist?communityId=3');
  });
  it('falls back to the bare path when the list tab was closed', () => {
    expect(returnPath(views, '/housemanage/houselist')).toBe('/housemanage/houselist');
  });
});
