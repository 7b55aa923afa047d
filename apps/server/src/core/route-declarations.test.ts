import { allRoleKeys, buttonKeys } from '@linli/shared';
import { describe, expect, it } from 'vitest';
import { allCalls } from '../modules';
import { call } from './calls';
import { declaredKind, sessionCalls } from '../../test/declared';

/**
 * Every call declares what it may do (core/calls.ts SessionRights). What the declarations claim is checked by
 * behaviour in declared-reads.test.ts (a `reads` call changes no table) and access-walk.test.ts.
 */

/** Public calls: sign-in, phone codes, help, and the device's signed photo link (the signature is its credential). */
// SMS delivery receipts come from the provider, authenticated by the company's token in the URL (sms-attendance.md).
const PUBLIC =
  /^\/(user\/(Login|LoginByTel|UserFindPwd)|SysHelp\/|DeviceGateway\/Photo$|SmsCallback\/(Aliyun|Tencent)$)/;

const noop = async () => null;
// Type-level guards: each line below must fail to type-check (tsc runs on test files too).
// @ts-expect-error a call that declares nothing
call({ path: '/Probe/Nothing', handler: noop });
// @ts-expect-error a role alone says neither "reads" nor which button it needs
call({ path: '/Probe/RoleOnly', role: 'fcgl_xqgl', handler: noop });
// @ts-expect-error a button without a role
call({ path: '/Probe/BtnOnly', btn: 'add', handler: noop });
// @ts-expect-error a reading call cannot also need a button
call({ path: '/Probe/ReadsBtn', reads: true, role: 'fcgl_xqgl', btn: 'add', handler: noop });
// @ts-expect-error a call on the caller's own data has no role
call({ path: '/Probe/SelfRole', self: true, role: 'fcgl_xqgl', handler: noop });
call({ path: '/Probe/Reads', reads: true, handler: noop });
call({ path: '/Probe/ScreenReads', reads: true, role: 'fcgl_xqgl', handler: noop });
call({ path: '/Probe/Write', role: 'fcgl_xqgl', btn: 'add', handler: noop });

describe('every call declares its rights', () => {
  it('has no duplicate paths', () => {
    const seen = new Set<string>();
    for (const c of allCalls) {
      expect(seen.has(c.path.toLowerCase()), c.path).toBe(false);
      seen.add(c.path.toLowerCase());
    }
  });

  it('every session call is exactly one of reads, self or role + button', () => {
    const bad = sessionCalls().filter((c) => declaredKind(c) === 'invalid');
    expect(bad.map((c) => c.path)).toEqual([]);
  });

  it('only sign-in, phone-code, the signed photo link and SMS receipts are public', () => {
    const pub = allCalls.filter((c) => c.public).map((c) => c.path);
    expect(pub.filter((p) => !PUBLIC.test(p))).toEqual([]);
  });

  it('device calls are the DeviceGateway controller and the 考勤机 punch, nothing else', () => {
    const device = allCalls.filter((c) => c.device).map((c) => c.path);
    // sms-attendance.md names /Attendance/DevicePunch (a 考勤机 by its key) beside the gateway's own calls.
    expect(device.sort()).toEqual(
      [
        '/Attendance/DevicePunch',
        '/DeviceGateway/PushEvents',
        '/DeviceGateway/Verify',
        '/DeviceGateway/Heartbeat',
        '/DeviceGateway/PullTasks',
        '/DeviceGateway/AckTasks',
      ].sort(),
    );
    const gateway = allCalls.filter((c) => c.path.startsWith('/DeviceGateway/') && !c.device).map((c) => c.path);
    expect(gateway).toEqual(['/DeviceGateway/Photo']);
  });

  it('role keys and buttons come from the catalog', () => {
    for (const c of sessionCalls().filter((x) => x.role)) {
      expect(allRoleKeys, c.path).toContain(c.role);
      const keys = buttonKeys[c.role!]?.map((b) => b.key);
      if (typeof c.btn === 'string') expect(keys, c.path).toContain(c.btn);
      if (typeof c.btn === 'function') for (const id of [0, 5]) expect(keys, c.path).toContain(c.btn({ Id: id }));
    }
  });

  it('the verbs the old name pattern missed declare a button (behaviour is checked in declared-reads.test.ts)', () => {
    const verbs = /\/(Bind|Unbind|Confirm|Reject|MoveOut|Upload|Resync|Withdraw|GenerateRooms|BatchCommit)$/;
    const found = sessionCalls().filter((c) => verbs.test(c.path));
    expect(found.length).toBeGreaterThanOrEqual(10);
    expect(found.filter((c) => declaredKind(c) !== 'button').map((c) => c.path)).toEqual([]);
  });

  it('the walk sees the organisation calls', () => {
    const byPath = new Map(sessionCalls().map((c) => [c.path, c]));
    expect(byPath.get('/user/StaffSave')?.role).toBe('yggl_yggl');
    expect(byPath.get('/user/DepartmentDel')).toMatchObject({ role: 'qygl_zzjg', btn: 'del' });
    expect(byPath.get('/Archives/Leave')).toMatchObject({ role: 'yggl_ygda', btn: 'leave' });
    expect(byPath.get('/Meter/Bind')).toMatchObject({ role: 'fcgl_fjgl', btn: 'linkmeter' });
    expect(byPath.get('/Building/GenerateRooms')).toMatchObject({ role: 'fcgl_lygl', btn: 'genroom' });
    expect(byPath.get('/Handover/ConfigSave')).toMatchObject({ role: 'fcgl_jfyy', btn: 'slot' });
    expect(byPath.get('/user/ChangePwd')).toMatchObject({ self: true });
    expect(byPath.get('/Room/Options')).toMatchObject({ reads: true });
  });
});
