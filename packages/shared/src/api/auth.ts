import { z } from 'zod';
import {
  samePassword,
  zMobile,
  zOptionalEmail,
  zOptionalText,
  zPassword,
  zRequiredText,
  zUploadRef,
} from '../zod-rules';

const MSG_ACCOUNT_REQUIRED = '请输入账号';
const MSG_PASSWORD_REQUIRED = '请输入密码';
const MSG_CODE_REQUIRED = '请输入验证码';

const code = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: MSG_CODE_REQUIRED }).trim().min(1, MSG_CODE_REQUIRED).max(10, '验证码不正确'),
  );

/**
 * /user/Login. The spec gives two readings of the fields (UserAccount/UserPwd or username/password); both are
 * accepted and normalised to the first. The account is trimmed (spec §5); the password is kept exactly as typed.
 */
export const LoginBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const body = v as Record<string, unknown>;
    return { UserAccount: body.UserAccount ?? body.username, UserPwd: body.UserPwd ?? body.password };
  },
  z.object({
    UserAccount: z.string({ error: MSG_ACCOUNT_REQUIRED }).trim().min(1, MSG_ACCOUNT_REQUIRED).max(64, '账号过长'),
    UserPwd: z.string({ error: MSG_PASSWORD_REQUIRED }).min(1, MSG_PASSWORD_REQUIRED).max(128, '密码过长'),
  }),
);
export type LoginBody = z.infer<typeof LoginBody>;

/** /user/LoginByTel: Random is the client's nonce for the code request, optional. */
export const LoginByTelBody = z.object({
  Phone: zMobile(),
  Code: code(),
  Random: z.preprocess((v) => (v == null ? undefined : String(v)), z.string().max(64).optional()),
});
export type LoginByTelBody = z.infer<typeof LoginByTelBody>;

/** What a phone code is for: signing in, recovering a password, or binding a new number (signed in). */
export const CodePurpose = z.preprocess(
  (v) => (v === '' || v == null ? 'login' : v),
  z.enum(['login', 'findpwd', 'bind'], { error: '验证码类型不正确' }),
);
export type CodePurpose = z.infer<typeof CodePurpose>;

/** /SysHelp/GetPhoneCode. */
export const GetPhoneCodeBody = z.object({ Phone: zMobile(), Type: CodePurpose });
export type GetPhoneCodeBody = z.infer<typeof GetPhoneCodeBody>;

/** /SysHelp/CheckCode. */
export const CheckCodeBody = z.object({ Phone: zMobile(), Code: code(), Type: CodePurpose });
export type CheckCodeBody = z.infer<typeof CheckCodeBody>;

/** /user/UserFindPwd: the new password twice, under the password rule. */
export const UserFindPwdBody = z
  .object({
    Phone: zMobile(),
    Code: code(),
    NewPwd: zPassword('请输入新密码'),
    ConfirmPwd: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
  })
  .superRefine(samePassword('NewPwd', 'ConfirmPwd'));
export type UserFindPwdBody = z.infer<typeof UserFindPwdBody>;

/** /user/ChangePwd: the old password, then the new one twice. */
export const ChangePwdBody = z
  .object({
    OldPwd: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
    NewPwd: zPassword('请输入新密码'),
    ConfirmPwd: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
  })
  .superRefine(samePassword('NewPwd', 'ConfirmPwd'));
export type ChangePwdBody = z.infer<typeof ChangePwdBody>;

/** /user/UpdateSelf (personal centre 基本资料): a changed phone needs a 'bind' code. */
export const UpdateSelfBody = z.object({
  UserName: zRequiredText('请输入姓名', 20, '姓名'),
  Phone: zMobile(),
  Code: zOptionalText(10, '验证码'),
  Email: zOptionalEmail(),
  Gender: z.preprocess(
    (v) => (v === '' || v == null ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别不正确' }),
  ),
  Logo: zUploadRef('头像'),
});
export type UpdateSelfBody = z.infer<typeof UpdateSelfBody>;

/** The demo accounts the demo change-roles action (spec §4) switches between. */
export const DEMO_ROLES = ['admin', 'cashier', 'service'] as const;

/** /user/DemoSwitch (demo company on a demo server only): the chosen demo account and that account's own password. */
export const DemoSwitchBody = z.object({
  Role: z.enum(DEMO_ROLES, { error: '角色不正确' }),
  Password: z.string({ error: MSG_PASSWORD_REQUIRED }).min(1, MSG_PASSWORD_REQUIRED).max(128, '密码过长'),
});
export type DemoSwitchBody = z.infer<typeof DemoSwitchBody>;
