import type { Tx } from '../client';
import { employeeArchives } from '../schema';
import { addDays } from '../../core/dates';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A well-formed 18-digit ID number (GB 11643 check digit) for a birth date. */
export function demoIdCard(area: string, birth: string, seq: number): string {
  const body = `${area}${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const sum = [...body].reduce((s, ch, i) => s + Number(ch) * WEIGHTS[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

/** [account or null, name, gender, birth, education, job title, department, entry, status] */
const FILES: [string | null, string, number, string, string, string, string, string, number][] = [
  ['admin', '系统管理员', 1, '1982-04-12', '本科', '总经理', '总经办', '2016-03-01', 1],
  ['xmjl1', '周经理', 1, '1985-09-20', '本科', '项目经理', '总经办', '2017-05-08', 1],
  ['cashier', '陈收银', 2, '1993-01-15', '大专', '收费员', '财务部', '2019-07-01', 1],
  ['service', '王客服', 2, '1995-06-02', '大专', '客服主管', '客服中心', '2018-10-15', 1],
  ['kefu1', '李晓梅', 2, '1998-11-23', '中专', '客服专员', '客服中心', '2021-03-10', 1],
  ['baoan2', '何保安', 1, '1992-02-14', '高中', '秩序员', '秩序部', '2024-02-26', 1],
  ['weixiu1', '张师傅', 1, '1979-08-08', '高中', '电梯维修工', '电梯组', '2015-04-01', 1],
  ['weixiu2', '赵师傅', 1, '1983-12-30', '中专', '水电维修工', '工程部', '2020-08-17', 1],
  ['baoan1', '刘保安', 1, '1990-03-07', '高中', '秩序员', '秩序部', '2022-06-06', 1],
  ['gongcheng1', '孙工', 1, '1987-05-19', '本科', '工程主管', '工程部', '2019-01-02', 1],
  ['tingyong1', '吴离职', 1, '1996-07-21', '大专', '客服专员', '客服部', '2020-05-11', 2],
  [null, '钱小红', 2, '1994-10-05', '本科', '会计', '财务部', '2021-09-01', 2],
];

/**
 * 12 files: 10 在职 linked to their accounts, 2 离职; one contract ends 20 days after the seed day so the orange
 * warning and the reminder job have something to show.
 */
export async function seedDemoArchives(
  tx: Tx,
  cmpId: number,
  today: string,
  users: Map<string, { id: number; phone: string }>,
  dptIds: Map<string, number>,
): Promise<void> {
  await tx.insert(employeeArchives).values(
    FILES.map(([account, name, gender, birth, education, jobTitle, dpt, entry, status], i) => {
      const contractStart = entry;
      const contractEnd = i === 4 ? addDays(today, 20) : addDays(today, 200 + i * 90);
      return {
        cmpId,
        employeeNo: `E${String(i + 1).padStart(4, '0')}`,
        name,
        gender,
        idCard: demoIdCard('330106', birth, 11 + i * 2),
        birthDate: birth,
        phone: account ? (users.get(account)?.phone ?? '') : '13900000012',
        nation: '汉族',
        nativePlace: '浙江杭州',
        education,
        dptId: dptIds.get(dpt) ?? null,
        jobTitle,
        entryDate: entry,
        probationEnd: addDays(entry, 90),
        contractType: '固定期限',
        contractStart,
        contractEnd: status === 2 ? addDays(entry, 3 * 365) : contractEnd,
        emergencyName: `${name.slice(0, 1)}家属`,
        emergencyRelation: '配偶',
        emergencyPhone: '13700000000',
        status,
        leaveDate: status === 2 ? addDays(entry, 2 * 365) : null,
        leaveReason: status === 2 ? '个人原因' : '',
        userId: account ? (users.get(account)?.id ?? null) : null,
      };
    }),
  );
}
