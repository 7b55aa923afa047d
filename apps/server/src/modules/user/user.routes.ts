import {
  ChangePwdBody,
  DemoSwitchBody,
  LoginBody,
  LoginByTelBody,
  UpdateSelfBody,
  UserFindPwdBody,
} from '@linli/shared';
import { call } from '../../core/calls';
import { fieldError } from '../../core/errors';
import { revokeSession } from '../../core/session-ops';
import { changePassword, loginLog, recoverPassword, updateSelf, userInfo } from './account.service';
import { demoSwitch } from './demo-switch';
import { loginWithCode, loginWithPassword } from './sign-in.service';

const SIGN_IN_LIMIT = { max: 30, timeWindow: 60_000 };

const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

export const userCalls = [
  call({
    path: '/user/Login',
    public: true,
    rateLimit: SIGN_IN_LIMIT,
    body: LoginBody,
    okMsg: '登录成功',
    handler: (b, { deps, req }) => loginWithPassword(deps, b.UserAccount, b.UserPwd, meta(req)),
  }),
  call({
    path: '/user/LoginByTel',
    public: true,
    rateLimit: SIGN_IN_LIMIT,
    body: LoginByTelBody,
    okMsg: '登录成功',
    handler: (b, { deps, req }) => loginWithCode(deps, b.Phone, b.Code, meta(req)),
  }),
  call({
    path: '/user/UserFindPwd',
    public: true,
    rateLimit: SIGN_IN_LIMIT,
    body: UserFindPwdBody,
    okMsg: '密码已重置，请使用新密码登录',
    handler: (b, { deps, ip }) => recoverPassword(deps, b.Phone, b.Code, b.NewPwd, ip),
  }),
  call({
    path: '/user/GetInfo',
    reads: true,
    handler: (_b, { deps, auth }) => userInfo(deps, auth),
  }),
  call({
    path: '/user/Logout',
    self: true,
    okMsg: '已退出登录',
    handler: (_b, { deps, auth }) => revokeSession(deps, auth),
  }),
  call({
    path: '/user/ChangePwd',
    self: true,
    body: ChangePwdBody,
    okMsg: '密码修改成功，请重新登录',
    handler: (b, { deps, auth, ip }) => {
      if (b.OldPwd === b.NewPwd) throw fieldError('NewPwd', '新密码不能与原密码相同');
      return changePassword(deps, auth, b.OldPwd, b.NewPwd, ip);
    },
  }),
  call({
    path: '/user/UpdateSelf',
    self: true,
    body: UpdateSelfBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => updateSelf(deps, auth, b, ip),
  }),
  call({
    path: '/user/LoginLog',
    reads: true,
    handler: (_b, { deps, auth }) => loginLog(deps, auth),
  }),
  call({
    path: '/user/DemoSwitch',
    self: true,
    // It signs in (with the chosen account's password), so it is limited like the other sign-ins.
    rateLimit: SIGN_IN_LIMIT,
    body: DemoSwitchBody,
    okMsg: '切换成功',
    handler: (b, { deps, auth, req }) => demoSwitch(deps, auth, b.Role, b.Password, meta(req)),
  }),
];
