import { seedDefaultTags } from './demo-residents';
import { checkPassword } from '@linli/shared';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../core/passwords';
import type { Db } from '../client';
import { companies, positions, userPositions, users } from '../schema';

const ACCOUNT_RE = /^[A-Za-z][A-Za-z0-9_.@]{3,19}$/;

/** A real company: the company row, the system position 超级管理员 and its administrator (IsAdmin, all communities). */
export async function createCompany(db: Db, input: { name: string; account: string; password: string }) {
  const name = input.name.trim();
  const account = input.account.trim().toLowerCase();
  if (name.length < 2 || name.length > 50) throw new Error('企业名称需为2-50个字符');
  if (!ACCOUNT_RE.test(account)) throw new Error('登录账号需为4-20位，以字母开头');
  const pwdMsg = checkPassword(input.password);
  if (pwdMsg) throw new Error(pwdMsg);
  const pwdHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
    if (taken) throw new Error('该登录账号已被使用');
    const [cmp] = await tx.insert(companies).values({ name }).returning({ id: companies.id });
    const [pos] = await tx
      .insert(positions)
      .values({ cmpId: cmp!.id, name: '超级管理员', remark: '系统岗位，拥有全部权限', isSystem: true })
      .returning({ id: positions.id });
    const [u] = await tx
      .insert(users)
      .values({ cmpId: cmp!.id, account, name: '企业管理员', pwdHash, isAdmin: true, allCommunity: true })
      .returning({ id: users.id });
    await tx.insert(userPositions).values({ userId: u!.id, positionId: pos!.id });
    await seedDefaultTags(tx, cmp!.id);
    return cmp!.id;
  });
}
