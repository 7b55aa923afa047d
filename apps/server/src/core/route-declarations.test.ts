import { allRoleKeys, buttonKeys } from '@linli/shared';
import { describe, expect, it } from 'vitest';
import { allCalls } from '../modules';

/**
 * Every call names the role key it needs and, for writes, the button key — except the ones below, open by design:
 * sign-in and phone-code calls (public), and calls every signed-in person needs whatever his position.
 */
const ALWAYS_OPEN = new Set(
  [
    // personal centre: own info, logout, password, profile, login log
    '/user/GetInfo',
    '/user/Logout',
    '/user/ChangePwd',
    '/user/UpdateSelf',
    '/user/LoginLog',
    // the demo-only change-roles action (spec §4); answers 接口不存在 without DEMO
    '/user/DemoSwitch',
    // the company's name, logo and title for the shell
    '/user/GetCompanyInf',
    // pickers other modules' forms use: org tree, staff, department staff, communities in the caller's scope
    '/user/GetTreeCompany',
    '/user/GetUserListV2',
    '/Attendance/GetDptUser',
    '/Community/Options',
    '/Building/Options',
    '/Building/UnitOptions',
    '/Room/Options',
    // The room form's owner picker (房间管理) and later fees/parking pickers; numbers masked without 住户管理 view.
    '/Resident/Options',
    // turns an import's own error list into the downloadable 错误报告
    '/Import/ErrorFile',
    // uploads and feedback (any form may attach a picture)
    '/Img/PostFiles',
    '/Feedback/FeedBackAdd',
    // background work: the progress of one's own start; 立即执行 checks the company administrator in its handler
    '/Job/Progress',
    '/Job/Run',
  ].map((p) => p.toLowerCase()),
);
/** Whole controllers open to every signed-in user: messages, dashboard, personal customisation. */
const OPEN_CONTROLLERS = ['/sysmessage/', '/mydesktop/', '/custom/'];

const isOpen = (path: string) =>
  ALWAYS_OPEN.has(path.toLowerCase()) || OPEN_CONTROLLERS.some((c) => path.toLowerCase().startsWith(c));

/** Public calls: sign-in, phone codes, help, and the device's signed photo link (the signature is its credential). */
const PUBLIC = /^\/(user\/(Login|LoginByTel|UserFindPwd)|SysHelp\/|DeviceGateway\/Photo$)/;

interface Declared {
  path: string;
  public: boolean;
  device: boolean;
  role?: string | undefined;
}
/** Calls that declare nothing: no role, not public, not a device call, not on the open list. */
const undeclared = (calls: Declared[]) =>
  calls.filter((c) => !c.role && !c.public && !c.device && !isOpen(c.path)).map((c) => c.path);

/** An action that changes data (or hands data out in bulk) must declare a button. */
const WRITE = /(Save|Add|Edit|Del|Delete|Remove|Copy|Set|Reset|Unlock|Import|Export|Leave|Submit|Cancel|Void|Approve)/;

describe('every call declares its rights', () => {
  const calls = allCalls.map((c) => ({
    path: c.path,
    public: !!c.public,
    device: !!c.device,
    role: c.public || c.device ? undefined : c.role,
    btn: c.public || c.device ? undefined : c.btn,
  }));

  it('has no duplicate paths', () => {
    const seen = new Set<string>();
    for (const c of calls) {
      expect(seen.has(c.path.toLowerCase()), c.path).toBe(false);
      seen.add(c.path.toLowerCase());
    }
  });

  it('a call without a role is public, a device call or on the always-open list', () => {
    expect(undeclared(calls)).toEqual([]);
    // The walk still catches a call that declares nothing, also under the device controller.
    const stray = { public: false, device: false };
    expect(undeclared([{ path: '/Resident/Stray', ...stray }])).toEqual(['/Resident/Stray']);
    expect(undeclared([{ path: '/DeviceGateway/Stray', ...stray }])).toEqual(['/DeviceGateway/Stray']);
  });

  it('only sign-in, phone-code and the signed photo link are public', () => {
    const pub = calls.filter((c) => c.public).map((c) => c.path);
    expect(
      pub.every((p) => PUBLIC.test(p)),
      pub.join(),
    ).toBe(true);
  });

  it('device calls are the DeviceGateway controller and nothing else', () => {
    const device = calls.filter((c) => c.device).map((c) => c.path);
    expect(device).toEqual(['/DeviceGateway/Heartbeat', '/DeviceGateway/PullTasks', '/DeviceGateway/AckTasks']);
    const gateway = calls.filter((c) => c.path.startsWith('/DeviceGateway/') && !c.device).map((c) => c.path);
    expect(gateway).toEqual(['/DeviceGateway/Photo']);
  });

  it('role keys and buttons come from the catalog', () => {
    for (const c of calls.filter((x) => x.role)) {
      expect(allRoleKeys, c.path).toContain(c.role);
      if (typeof c.btn === 'string')
        expect(
          buttonKeys[c.role!]?.map((b) => b.key),
          c.path,
        ).toContain(c.btn);
      if (typeof c.btn === 'function') {
        for (const id of [0, 5]) expect(buttonKeys[c.role!]?.map((b) => b.key)).toContain(c.btn({ Id: id }));
      }
    }
  });

  it('every write call with a role declares a button', () => {
    const missing = calls.filter((c) => c.role && WRITE.test(c.path.split('/')[2] ?? '') && !c.btn).map((c) => c.path);
    expect(missing).toEqual([]);
  });

  it('the walk sees the organisation calls', () => {
    const byPath = new Map(calls.map((c) => [c.path, c]));
    expect(byPath.get('/user/StaffSave')?.role).toBe('yggl_yggl');
    expect(byPath.get('/user/DepartmentDel')).toMatchObject({ role: 'qygl_zzjg', btn: 'del' });
    expect(byPath.get('/Archives/Leave')).toMatchObject({ role: 'yggl_ygda', btn: 'leave' });
    expect(byPath.get('/Meter/Bind')).toMatchObject({ role: 'fcgl_fjgl', btn: 'linkmeter' });
    expect(byPath.get('/Building/GenerateRooms')).toMatchObject({ role: 'fcgl_lygl', btn: 'genroom' });
    expect(byPath.get('/Handover/ConfigSave')).toMatchObject({ role: 'fcgl_jfyy', btn: 'slot' });
  });
});
