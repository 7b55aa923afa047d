import { checkMobile, checkPassword } from '@linli/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { checkRows, readSheet, readUpload, xlsxExport, xlsxTemplate } from '../../core/excel';
import { hashPassword } from '../../core/passwords';
import { communityIdsOf, seesAllCommunities } from '../../core/scope';
import { communities, positions, userCommunities, userPositions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { departmentsOf } from '../org/departments.service';
import { staffView } from './staff.service';
import { type StaffFilter, selectStaff, staffExtras, staffWhere } from './staff-query';
import { accountProblem, accountTaken, holdsEverything, phoneTaken } from './staff-rules';

const STATE_TEXT = (v: { State: number; Locked: boolean }) => (v.Locked ? '已锁定' : v.State === 1 ? '启用' : '停用');

export async function exportStaff(deps: AppDeps, auth: Auth, f: StaffFilter) {
  const { db } = deps.database;
  const now = deps.now();
  const rows = await selectStaff(db, await staffWhere(db, auth, f, now));
  const x = await staffExtras(
    db,
    rows.map((r) => r.id),
  );
  const views = rows.map((r) => staffView(r, x, now, auth.timeZone));
  return xlsxExport(
    '员工列表',
    [
      { header: '登录账号', value: (v) => v.UserAccount },
      { header: '姓名', value: (v) => v.UserName },
      { header: '手机', value: (v) => v.Phone },
      { header: '部门', value: (v) => v.DptName },
      { header: '岗位', value: (v) => v.PositionNames.join('、') },
      { header: '负责小区', value: (v) => v.CommunityNames.join('、') },
      { header: '状态', value: STATE_TEXT },
      { header: '最后登录时间', width: 20, value: (v) => v.LastLoginTime },
      { header: '最后登录IP', value: (v) => v.LastLoginIp },
      { header: '创建时间', width: 20, value: (v) => v.CreateTime },
    ],
    views,
  );
}

const HEADERS = ['登录账号', '姓名', '手机', '部门', '岗位', '负责小区', '初始密码'];

export const staffTemplate = () =>
  xlsxTemplate('员工导入模板', [
    { header: '登录账号', note: '必填，4-20位，以字母开头，可含字母、数字和_.@' },
    { header: '姓名', note: '必填，最多20字' },
    { header: '手机', note: '必填，11位手机号' },
    { header: '部门', note: '必填，部门路径，如 工程部/电梯组' },
    { header: '岗位', note: '必填，岗位名称，多个用、分隔' },
    { header: '负责小区', note: '必填，小区名称，多个用、分隔；或填 全部' },
    { header: '初始密码', note: '必填，8-20位，包含字母和数字' },
  ]);

const split = (s: string) =>
  s
    .split(/[、,，;；]/)
    .map((x) => x.trim())
    .filter(Boolean);

interface Ready {
  account: string;
  name: string;
  phone: string;
  dptId: number;
  positionIds: number[];
  all: boolean;
  communityIds: number[];
  password: string;
}

/** All rows are checked first (each against the database and the rows above it); any error imports nothing. */
export async function importStaff(deps: AppDeps, auth: Auth, req: FastifyRequest, ip: string) {
  const file = await readUpload(req);
  const rows = await readSheet(file.data, HEADERS);
  const { db } = deps.database;
  const dpts = await departmentsOf(db, auth.cmpId);
  const byId = new Map(dpts.map((d) => [d.id, d]));
  const pathOf = (id: number): string => {
    const d = byId.get(id)!;
    return d.parentId ? `${pathOf(d.parentId)}/${d.name}` : d.name;
  };
  const dptByPath = new Map(dpts.map((d) => [pathOf(d.id), d.id]));
  const pos = await db.select().from(positions).where(eq(positions.cmpId, auth.cmpId));
  const posByName = new Map(pos.map((p) => [p.name, p]));
  const mayGrantSystem = await holdsEverything(db, auth);
  const scope = new Set(await communityIdsOf(db, auth));
  const cms = await db.select().from(communities).where(eq(communities.cmpId, auth.cmpId));
  const cmByName = new Map(cms.filter((c) => scope.has(c.id)).map((c) => [c.name, c.id]));
  const seenAccounts = new Map<string, number>();
  const seenPhones = new Map<string, number>();

  const ready = await checkRows<Ready>(rows, async ({ row, values: v }) => {
    const account = v.登录账号!.toLowerCase();
    if (!account) return '登录账号不能为空';
    const bad = accountProblem(account);
    if (bad) return bad;
    if (seenAccounts.has(account)) return `登录账号与第${seenAccounts.get(account)}行重复`;
    seenAccounts.set(account, row);
    if (await accountTaken(db, account)) return '该登录账号已被使用';
    const name = v.姓名!;
    if (!name) return '姓名不能为空';
    if (name.length > 20) return '姓名不能超过20个字符';
    const phone = v.手机!;
    if (!phone) return '手机不能为空';
    const badPhone = checkMobile(phone);
    if (badPhone) return badPhone;
    if (seenPhones.has(phone)) return `手机与第${seenPhones.get(phone)}行重复`;
    seenPhones.set(phone, row);
    if (await phoneTaken(db, phone)) return '该手机号已被其他账号使用';
    const dptId = dptByPath.get(v.部门!.replace(/\s*\/\s*/g, '/'));
    if (!dptId) return `部门“${v.部门}”不存在`;
    const posNames = split(v.岗位!);
    if (!posNames.length) return '请填写岗位';
    const missing = posNames.find((n) => !posByName.has(n));
    if (missing) return `岗位“${missing}”不存在`;
    if (!mayGrantSystem && posNames.some((n) => posByName.get(n)!.isSystem))
      return '只有企业管理员可以授予超级管理员岗位';
    const cmText = v.负责小区!;
    const all = cmText === '全部' || cmText === '全部小区';
    if (all && !seesAllCommunities(auth)) return '只能选择自己负责的小区';
    const cmNames = all ? [] : split(cmText);
    if (!all && !cmNames.length) return '请填写负责小区';
    const unknown = cmNames.find((n) => !cmByName.has(n));
    if (unknown) return `小区“${unknown}”不存在`;
    const password = v.初始密码!;
    const weak = checkPassword(password);
    if (weak) return weak;
    return {
      account,
      name,
      phone,
      dptId,
      positionIds: [...new Set(posNames.map((n) => posByName.get(n)!.id))],
      all,
      communityIds: [...new Set(cmNames.map((n) => cmByName.get(n)!))],
      password,
    };
  });

  const hashes: string[] = [];
  for (const r of ready) hashes.push(await hashPassword(r.password));
  await db.transaction(async (tx) => {
    const now = deps.now();
    const inserted = await tx
      .insert(users)
      .values(
        ready.map((r, i) => ({
          cmpId: auth.cmpId,
          account: r.account,
          name: r.name,
          phone: r.phone,
          dptId: r.dptId,
          pwdHash: hashes[i]!,
          allCommunity: r.all,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id, account: users.account });
    const idOf = new Map(inserted.map((u) => [u.account, u.id]));
    const ups = ready.flatMap((r) => r.positionIds.map((positionId) => ({ userId: idOf.get(r.account)!, positionId })));
    await tx.insert(userPositions).values(ups);
    const ucs = ready.flatMap((r) =>
      r.communityIds.map((communityId) => ({ userId: idOf.get(r.account)!, communityId })),
    );
    if (ucs.length) await tx.insert(userCommunities).values(ucs);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'staff.import',
        entity: 'user',
        detail: { Count: ready.length, File: file.fileName },
        ip,
      },
      now,
    );
  });
  return { Count: ready.length };
}
