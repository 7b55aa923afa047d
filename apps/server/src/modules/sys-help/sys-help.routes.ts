import { CheckCodeBody, GetPhoneCodeBody } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import { authenticate } from '../../core/auth';
import { call } from '../../core/calls';
import { fieldError } from '../../core/errors';
import { users } from '../../db/schema';
import { checkSignInCode } from '../user/sign-in.service';
import { checkCode, issueCode } from './phone-codes.service';

const CODE_LIMIT = { max: 20, timeWindow: 60_000 };

export const sysHelpCalls = [
  call({
    path: '/SysHelp/GetPhoneCode',
    public: true,
    rateLimit: CODE_LIMIT,
    body: GetPhoneCodeBody,
    okMsg: '验证码已发送',
    handler: async (b, { deps, req }) => {
      const type = b.Type;
      const { db } = deps.database;
      const [owner] = await db
        .select({ id: users.id, cmpId: users.cmpId })
        .from(users)
        .where(and(eq(users.phone, b.Phone), eq(users.isDel, false)));
      if (type === 'bind') {
        // Binding a new number belongs to a signed-in person and must not take someone else's.
        const auth = await authenticate(deps, req);
        if (owner && owner.id !== auth.userId) throw fieldError('Phone', '该手机号已被其他账号使用');
        await issueCode(deps, b.Phone, type, auth.cmpId);
        return null;
      }
      // The same answer whether or not an account holds the phone: the caller learns nothing about who is bound.
      await issueCode(deps, b.Phone, type, owner?.cmpId ?? null, Boolean(owner));
      return null;
    },
  }),
  call({
    path: '/SysHelp/CheckCode',
    public: true,
    rateLimit: CODE_LIMIT,
    body: CheckCodeBody,
    okMsg: '验证通过',
    handler: async (b, { deps, ip }) => {
      const input = { phone: b.Phone, code: b.Code, consume: false };
      if (b.Type === 'bind') await checkCode(deps, { ...input, purpose: b.Type });
      else await checkSignInCode(deps, { ...input, purpose: b.Type, ip });
      return null;
    },
  }),
];
