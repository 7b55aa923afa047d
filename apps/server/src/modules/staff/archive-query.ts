import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { zDate } from '@linli/shared';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { addDays } from '../../core/dates';
import { likeText as like } from '../../core/filters';
import { pagingFields } from '../../core/paging';
import type { Tx } from '../../db/client';
import { departments, employeeArchives, users } from '../../db/schema';
import { departmentsOf, descendantIds } from '../org/departments.service';

const opt = <T extends z.ZodType>(t: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), t.optional());

export const ArchiveFilter = z.object({
  Keyword: opt(z.string().trim().max(50)),
  DptId: opt(z.coerce.number().int()),
  Status: opt(z.coerce.number().int()),
  Education: opt(z.string().max(10)),
  EntryFrom: zDate('入职开始日期'),
  EntryTo: zDate('入职结束日期'),
  /** 合同30天内到期: 在职 files whose contract ends within the next 30 days. */
  ContractDue: opt(z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean())),
  ...pagingFields,
});
export type ArchiveFilter = z.infer<typeof ArchiveFilter>;

/** 0 none, 1 orange (ends within 30 days), 2 red (already ended); only 在职 files warn. */
export function contractWarn(status: number, end: string | null, today: string): 0 | 1 | 2 {
  if (status !== 1 || !end) return 0;
  if (end < today) return 2;
  return end <= addDays(today, 30) ? 1 : 0;
}

export async function archiveWhere(db: Tx, auth: Auth, f: ArchiveFilter, today: string): Promise<SQL> {
  const a = employeeArchives;
  const conds: (SQL | undefined)[] = [eq(a.cmpId, auth.cmpId)];
  if (f.Keyword) {
    const k = like(f.Keyword);
    conds.push(or(ilike(a.name, k), ilike(a.employeeNo, k), ilike(a.phone, k), ilike(a.jobTitle, k)));
  }
  if (f.DptId) conds.push(inArray(a.dptId, descendantIds(await departmentsOf(db, auth.cmpId), f.DptId)));
  if (f.Status) conds.push(eq(a.status, f.Status));
  if (f.Education) conds.push(eq(a.education, f.Education));
  if (f.EntryFrom) conds.push(gte(a.entryDate, f.EntryFrom));
  if (f.EntryTo) conds.push(lte(a.entryDate, f.EntryTo));
  if (f.ContractDue) {
    conds.push(eq(a.status, 1), gte(a.contractEnd, today), lte(a.contractEnd, addDays(today, 30)));
  }
  return and(...conds)!;
}

export function selectArchives(db: Tx, where: SQL, page?: { limit: number; offset: number }) {
  const q = db
    .select({ a: employeeArchives, dptName: departments.name, account: users.account })
    .from(employeeArchives)
    .leftJoin(departments, eq(departments.id, employeeArchives.dptId))
    .leftJoin(users, eq(users.id, employeeArchives.userId))
    .where(where)
    .orderBy(asc(employeeArchives.status), desc(employeeArchives.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countArchives(db: Tx, where: SQL) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employeeArchives)
    .where(where);
  return row?.n ?? 0;
}

type Row = Awaited<ReturnType<typeof selectArchives>>[number];

export function archiveRow({ a, dptName, account }: Row, today: string) {
  return {
    Id: a.id,
    EmployeeNo: a.employeeNo,
    Name: a.name,
    Gender: a.gender,
    GenderText: a.gender === 1 ? '男' : '女',
    DptId: a.dptId ?? 0,
    DptName: dptName ?? '',
    JobTitle: a.jobTitle,
    Phone: a.phone,
    IdCard: a.idCard,
    Education: a.education,
    EntryDate: a.entryDate,
    ContractType: a.contractType,
    ContractEnd: a.contractEnd ?? '',
    ContractWarn: contractWarn(a.status, a.contractEnd, today),
    Status: a.status,
    StatusText: a.status === 1 ? '在职' : '离职',
    LeaveDate: a.leaveDate ?? '',
    UserId: a.userId ?? 0,
    UserAccount: account ?? '',
  };
}
