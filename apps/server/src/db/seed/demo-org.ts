import { buttonKeys, roleTree } from '@linli/shared';
import { hashPassword } from '../../core/passwords';
import type { Tx } from '../client';
import { companies, departments, positionRights, positions, userCommunities, userPositions, users } from '../schema';
import { seedDemoArchives } from './demo-archives';
import { seedDemoCommunities } from './demo-communities';
import { todayIn } from '../../core/dates';

const groupChildren = (group: string) => roleTree.find((g) => g.key === group)?.children ?? [];
const allButtons = (screen: string) => (buttonKeys[screen] ?? []).map((b) => b.key).join(',');

/** Demo positions (organisation.md): each lists screen keys; every button of a granted screen comes with it. */
const DEMO_POSITIONS: {
  name: string;
  remark: string;
  screens: string[];
  system?: boolean;
  /** Buttons withheld: a cashier does not approve his own voids and refunds (fees.md "Demo data"). */
  without?: Record<string, string[]>;
}[] = [
  { name: '超级管理员', remark: '系统岗位，拥有全部权限', screens: [], system: true },
  {
    name: '项目经理',
    remark: '除员工管理外的全部功能',
    screens: roleTree.filter((g) => g.key !== 'yggl').flatMap((g) => g.children),
  },
  {
    name: '收费员',
    remark: '收费台、收款记录、预存款、欠费催缴',
    screens: ['sfgl_jft', 'sfgl_zsdc', 'sfgl_yckgl', 'sfgl_yjfwjf'],
    without: { sfgl_zsdc: ['approve'] },
  },
  { name: '财务', remark: '收费管理全部功能：审批作废退款、确认交班', screens: groupChildren('sfgl') },
  {
    name: '客服专员',
    remark: '物业服务、生活服务、住户管理',
    screens: ['wyfw', 'shfw', 'zhgl'].flatMap(groupChildren),
  },
  { name: '维修工', remark: '报修处理与设备维修单', screens: ['wyfw_bxcl', 'web_sbgl_wxd'] },
  { name: '秩序员', remark: '巡更与通行', screens: ['xggl', 'txgl'].flatMap(groupChildren) },
  { name: '工程主管', remark: '设备管理', screens: groupChildren('web_sbgl') },
];

/** Department tree: [name, type, parent name or null]. Type 2 = 分公司, 3 = 部门. */
const DEMO_DEPARTMENTS: [string, number, string | null][] = [
  ['总经办', 3, null],
  ['财务部', 3, null],
  ['客服中心', 3, null],
  ['工程部', 3, null],
  ['电梯组', 3, '工程部'],
  ['秩序部', 3, null],
  ['环境部', 3, null],
  ['城东分公司', 2, null],
  ['客服部', 3, '城东分公司'],
];

/**
 * [account, name, password, position, department, phone, state] — listed in the README. admin serves all
 * communities (AllCommunity); xmjl1 only the second (翠湖天地); everyone else both, chosen one by one.
 */
export const DEMO_ACCOUNTS: [string, string, string, string, string, string, number][] = [
  ['admin', '系统管理员', 'Admin@123', '超级管理员', '总经办', '13800000001', 1],
  ['cashier', '陈收银', 'Cashier@123', '收费员', '财务部', '13800000002', 1],
  ['service', '王客服', 'Service@123', '客服专员', '客服中心', '13800000003', 1],
  ['kefu1', '李晓梅', 'Linli@123', '客服专员', '客服中心', '13800000004', 1],
  ['weixiu1', '张师傅', 'Linli@123', '维修工', '电梯组', '13800000005', 1],
  ['weixiu2', '赵师傅', 'Linli@123', '维修工', '工程部', '13800000006', 1],
  ['baoan1', '刘保安', 'Linli@123', '秩序员', '秩序部', '13800000007', 1],
  ['gongcheng1', '孙工', 'Linli@123', '工程主管', '工程部', '13800000008', 1],
  ['xmjl1', '周经理', 'Linli@123', '项目经理', '总经办', '13800000009', 1],
  ['tingyong1', '吴离职', 'Linli@123', '客服专员', '客服部', '13800000010', 0],
  ['baoan2', '何保安', 'Linli@123', '秩序员', '秩序部', '13800000011', 1],
  ['caiwu1', '钱会计', 'Linli@123', '财务', '财务部', '13800000012', 1],
  ['cashier2', '林收银', 'Linli@123', '收费员', '财务部', '13800000013', 1],
];

/**
 * The account that serves only the second demo community (organisation.md demo data, acceptance 8): the project
 * manager of 翠湖天地, who sees its rooms and repair orders and nothing of 阳光花园.
 */
export const SECOND_COMMUNITY_ONLY = 'xmjl1';

export async function seedDemoOrg(tx: Tx, now = new Date()): Promise<number> {
  const [cmp] = await tx
    .insert(companies)
    .values({
      name: '邻里物业',
      shortName: '邻里',
      contact: '系统管理员',
      contactTel: '0571-88886666',
      address: '杭州市西湖区文三路100号',
      siteTitle: '邻里智慧物业',
      intro: '演示企业：用于体验邻里智慧物业的全部功能。',
      isDemo: true,
    })
    .returning({ id: companies.id });
  const cmpId = cmp!.id;

  const dptIds = new Map<string, number>();
  for (const [i, [name, type, parent]] of DEMO_DEPARTMENTS.entries()) {
    const [row] = await tx
      .insert(departments)
      .values({ cmpId, name, type, parentId: parent ? dptIds.get(parent)! : 0, sort: i })
      .returning({ id: departments.id });
    dptIds.set(name, row!.id);
  }

  const positionIds = new Map<string, number>();
  for (const [i, p] of DEMO_POSITIONS.entries()) {
    const [row] = await tx
      .insert(positions)
      .values({ cmpId, name: p.name, remark: p.remark, isSystem: p.system ?? false, sort: i })
      .returning({ id: positions.id });
    positionIds.set(p.name, row!.id);
    if (p.screens.length) {
      await tx.insert(positionRights).values(
        p.screens.map((roleKey) => ({
          positionId: row!.id,
          roleKey,
          btn: allButtons(roleKey)
            .split(',')
            .filter((b) => !p.without?.[roleKey]?.includes(b))
            .join(','),
        })),
      );
    }
  }

  const communityIds = await seedDemoCommunities(tx, cmpId);
  const people = new Map<string, { id: number; phone: string }>();
  for (const [account, name, pwd, position, dpt, phone, state] of DEMO_ACCOUNTS) {
    const isAdmin = position === '超级管理员';
    const allCommunity = isAdmin;
    const [u] = await tx
      .insert(users)
      .values({
        cmpId,
        account,
        name,
        phone,
        pwdHash: await hashPassword(pwd),
        dptId: dptIds.get(dpt)!,
        isAdmin,
        allCommunity,
        state,
      })
      .returning({ id: users.id });
    await tx.insert(userPositions).values({ userId: u!.id, positionId: positionIds.get(position)! });
    people.set(account, { id: u!.id, phone });
    if (!allCommunity) {
      const serves = account === SECOND_COMMUNITY_ONLY ? communityIds.slice(1, 2) : communityIds;
      await tx.insert(userCommunities).values(serves.map((communityId) => ({ userId: u!.id, communityId })));
    }
  }
  // The seed day in the company's zone, so "contract ends in 20 days" holds on the day the demo is built.
  const today = todayIn(now, 'Asia/Shanghai');
  await seedDemoArchives(tx, cmpId, today, people, dptIds);
  return cmpId;
}
