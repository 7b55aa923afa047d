import { describe, expect, it } from 'vitest';
import { decide, loginUrl, screenTitle } from './guard';

const signedIn = (path: string, access: string[] | null = ['dashboard', 'sfgl', 'sfgl_jft'], fullPath = path) =>
  decide({ path, fullPath, hasToken: true, access });

describe('navigation guard', () => {
  it('without a token, a private page goes to /login with the redirect', () => {
    expect(
      decide({ path: '/chargemanage/paycost', fullPath: '/chargemanage/paycost?x=1', hasToken: false, access: null }),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=/chargemanage/paycost%3Fx%3D1' });
  });

  it('without a token, public pages open', () => {
    for (const path of ['/login', '/404', '/401', '/auth-redirect']) {
      expect(decide({ path, fullPath: path, hasToken: false, access: null })).toEqual({ kind: 'allow' });
    }
  });

  it('the redirect of a refreshed page points at the page itself', () => {
    expect(loginUrl('/redirect/news/index')).toBe('/login?redirect=/news/index');
    expect(loginUrl('/')).toBe('/login?redirect=/dashboard');
    expect(loginUrl('/login?redirect=/x')).toBe('/login');
  });

  it('a signed-in user opening /login goes to /, and / goes to /dashboard', () => {
    expect(signedIn('/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(signedIn('/')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('asks for the user info before deciding on a private page', () => {
    expect(signedIn('/dashboard', null)).toEqual({ kind: 'load-info' });
  });

  it('opens permitted screens and the screens that need no role', () => {
    expect(signedIn('/chargemanage/paycost')).toEqual({ kind: 'allow' });
    expect(signedIn('/dashboard')).toEqual({ kind: 'allow' });
    expect(signedIn('/personalCenter/index')).toEqual({ kind: 'allow' });
    expect(signedIn('/news/index')).toEqual({ kind: 'allow' });
  });

  it('a known screen outside the Access goes to /401, an unknown path to /404', () => {
    expect(signedIn('/household/list')).toEqual({ kind: 'redirect', to: '/401' });
    expect(signedIn('/no/such/page')).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('a fee report page outside the Access goes to /404 (domain/fee-reports.md acceptance 9)', () => {
    expect(signedIn('/chargemanage/chargerec/yjmx')).toEqual({ kind: 'redirect', to: '/404' });
    expect(signedIn('/chargemanage/synthetical/costdetails')).toEqual({ kind: 'redirect', to: '/404' });
    expect(signedIn('/chargemanage/chargerec')).toEqual({ kind: 'redirect', to: '/401' });
  });

  it(':id takes digits only', () => {
    const access = ['yggl', 'yggl_ygda'];
    expect(
      decide({
        path: '/personnel/editArchives/12',
        fullPath: '/personnel/editArchives/12',
        hasToken: true,
        access,
        buttons: [{ CtlName: 'yggl_ygda', Btn: 'edit' }],
      }),
    ).toEqual({ kind: 'allow' });
    expect(signedIn('/personnel/editArchives/ab', access)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('a group goes to its default child', () => {
    expect(signedIn('/chargemanage')).toEqual({ kind: 'redirect', to: '/chargemanage/paycost' });
  });
});

describe('add and edit pages follow the list buttons', () => {
  const access = ['fcgl', 'fcgl_xqgl', 'yggl', 'yggl_ygda'];
  const open = (fullPath: string, btn: string) =>
    decide({
      path: fullPath.split('?')[0]!,
      fullPath,
      hasToken: true,
      access,
      buttons: btn ? [{ CtlName: fullPath.includes('personnel') ? 'yggl_ygda' : 'fcgl_xqgl', Btn: btn }] : [],
    });

  it('a read-only position cannot open the form by URL', () => {
    expect(open('/housemanage/communityaddedit', 'view,export')).toEqual({ kind: 'redirect', to: '/401' });
    expect(open('/housemanage/communityaddedit?id=3', '')).toEqual({ kind: 'redirect', to: '/401' });
  });

  it('新增 needs add, 编辑 (an Id in the URL) needs edit', () => {
    expect(open('/housemanage/communityaddedit', 'add')).toEqual({ kind: 'allow' });
    expect(open('/housemanage/communityaddedit?id=3', 'add')).toEqual({ kind: 'redirect', to: '/401' });
    expect(open('/housemanage/communityaddedit?id=3', 'edit')).toEqual({ kind: 'allow' });
    expect(open('/personnel/editArchives/5', 'add')).toEqual({ kind: 'redirect', to: '/401' });
    expect(open('/personnel/editArchives/5', 'edit')).toEqual({ kind: 'allow' });
    expect(open('/personnel/createArchives', 'add')).toEqual({ kind: 'allow' });
  });

  it('the list itself needs no button', () => {
    expect(open('/housemanage/communitylist', '')).toEqual({ kind: 'allow' });
  });
});

describe('screen titles', () => {
  const route = { path: 'communityaddedit', title: '编辑小区', hidden: true };
  it('an add/edit page without an Id is titled 新增', () => {
    expect(screenTitle(route, '/housemanage/communityaddedit')).toBe('新增小区');
    expect(screenTitle(route, '/housemanage/communityaddedit?id=4')).toBe('编辑小区');
    expect(screenTitle({ path: 'communitylist', title: '小区管理' }, '/housemanage/communitylist')).toBe('小区管理');
  });
});
