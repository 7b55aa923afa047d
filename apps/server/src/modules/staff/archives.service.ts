import { type ArchiveLeaveBody, type ArchiveSaveBody, birthDateOfIdCard } from '@linli/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { type Auth, revokeUserSessions } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { assertOwnUploads } from '../../core/upload-refs';
import type { Tx } from '../../db/client';
import { archiveFiles, departments, employeeArchives, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type ArchiveFilter, archiveRow, archiveWhere, countArchives, selectArchives } from './archive-query';
import { todayIn } from '../../core/dates';

export async function archiveList(deps: AppDeps, auth: Auth, f: ArchiveFilter) {
  const { db } = deps.database;
  const today = todayIn(deps.now(), auth.timeZone);
  const where = await archiveWhere(db, auth, f, today);
  const rows = await selectArchives(db, where, pageOf(f));
  return new Page(
    rows.map((r) => archiveRow(r, today)),
    await countArchives(db, where),
  );
}

/** The next free number E0001, E0002 … after the highest E-number in use. */
export async function nextEmployeeNo(db: Tx, cmpId: number): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${employeeArchives.employeeNo} from 2)::int), 0)` })
    .from(employeeArchives)
    .where(and(eq(employeeArchives.cmpId, cmpId), sql`${employeeArchives.employeeNo} ~ '^E[0-9]{1,9}$'`));
  return `E${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

async function archiveOf(db: Tx, auth: Auth, id: number) {
  const [a] = await db
    .select()
    .from(employeeArchives)
    .where(and(eq(employeeArchives.id, id), eq(employeeArchives.cmpId, auth.cmpId)));
  if (!a) throw notFound();
  return a;
}

/** Id 0 answers the blank form with the next free EmployeeNo. */
export async function archiveGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  if (!id) return { Id: 0, EmployeeNo: await nextEmployeeNo(db, auth.cmpId), Status: 1, Attachments: [] };
  const a = await archiveOf(db, auth, id);
  const today = todayIn(deps.now(), auth.timeZone);
  const [row] = await selectArchives(db, eq(employeeArchives.id, id));
  const files = await db
    .select({ FileName: archiveFiles.fileName, FilePath: archiveFiles.filePath, Size: archiveFiles.size })
    .from(archiveFiles)
    .where(eq(archiveFiles.archiveId, id))
    .orderBy(archiveFiles.id);
  return {
    ...archiveRow(row!, today),
    BirthDate: a.birthDate ?? '',
    Nation: a.nation,
    NativePlace: a.nativePlace,
    School: a.school,
    Major: a.major,
    Address: a.address,
    Photo: a.photo,
    ProbationEnd: a.probationEnd ?? '',
    ContractStart: a.contractStart ?? '',
    EmergencyName: a.emergencyName,
    EmergencyRelation: a.emergencyRelation,
    EmergencyPhone: a.emergencyPhone,
    Remark: a.remark,
    LeaveReason: a.leaveReason,
    Attachments: files,
  };
}

/** Cross-field rules of the form and of an import row; answers the birth date to store. */
export function archiveProblems(b: {
  IdCard: string;
  BirthDate?: string | undefined;
  ContractStart?: string | undefined;
  ContractEnd?: string | undefined;
}): { field: string; msg: string } | { birthDate: string | null } {
  let birthDate = b.BirthDate ?? null;
  if (b.IdCard) {
    const fromId = birthDateOfIdCard(b.IdCard);
    if (!fromId) return { field: 'IdCard', msg: '请输入正确的身份证号' };
    if (birthDate && birthDate !== fromId) return { field: 'BirthDate', msg: '出生日期与身份证号不符' };
    birthDate = fromId;
  }
  if (b.ContractStart && b.ContractEnd && b.ContractEnd < b.ContractStart) {
    return { field: 'ContractEnd', msg: '合同结束日期不能早于开始日期' };
  }
  return { birthDate };
}

export async function assertArchiveUnique(tx: Tx, cmpId: number, no: string, idCard: string, exceptId: number) {
  const [dupNo] = await tx
    .select({ id: employeeArchives.id })
    .from(employeeArchives)
    .where(
      and(eq(employeeArchives.cmpId, cmpId), eq(employeeArchives.employeeNo, no), ne(employeeArchives.id, exceptId)),
    );
  if (dupNo) return { field: 'EmployeeNo', msg: '工号已存在' };
  if (idCard) {
    const [dupId] = await tx
      .select({ id: employeeArchives.id })
      .from(employeeArchives)
      .where(
        and(
          eq(employeeArchives.cmpId, cmpId),
          eq(employeeArchives.idCard, idCard),
          eq(employeeArchives.status, 1),
          ne(employeeArchives.id, exceptId),
        ),
      );
    if (dupId) return { field: 'IdCard', msg: '该身份证号已有在职档案' };
  }
  return null;
}

export async function saveArchive(deps: AppDeps, auth: Auth, b: ArchiveSaveBody, ip: string) {
  const checked = archiveProblems(b);
  if ('field' in checked) throw fieldError(checked.field, checked.msg);
  return deps.database.db.transaction(async (tx) => {
    const old = b.Id ? await archiveOf(tx, auth, b.Id) : undefined;
    // Editing a 离职 file back to 在职 is a rehire; 离职 itself only goes through Leave.
    const status = old ? (old.status === 2 && b.Status === 1 ? 1 : old.status) : 1;
    const dup = await assertArchiveUnique(tx, auth.cmpId, b.EmployeeNo, status === 1 ? b.IdCard : '', old?.id ?? 0);
    if (dup) throw fieldError(dup.field, dup.msg);
    if (b.DptId) {
      const [d] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, b.DptId), eq(departments.cmpId, auth.cmpId)));
      if (!d) throw fieldError('DptId', '部门不存在');
    }
    const values = {
      employeeNo: b.EmployeeNo,
      name: b.Name,
      gender: b.Gender,
      idCard: b.IdCard,
      birthDate: checked.birthDate,
      phone: b.Phone ?? '',
      nation: b.Nation ?? '',
      nativePlace: b.NativePlace ?? '',
      education: b.Education ?? '',
      school: b.School ?? '',
      major: b.Major ?? '',
      address: b.Address ?? '',
      photo: b.Photo ?? '',
      dptId: b.DptId ?? null,
      jobTitle: b.JobTitle ?? '',
      entryDate: b.EntryDate,
      probationEnd: b.ProbationEnd ?? null,
      contractType: b.ContractType ?? '',
      contractStart: b.ContractStart ?? null,
      contractEnd: b.ContractEnd ?? null,
      emergencyName: b.EmergencyName ?? '',
      emergencyRelation: b.EmergencyRelation ?? '',
      emergencyPhone: b.EmergencyPhone ?? '',
      remark: b.Remark ?? '',
      status,
      ...(status === 1 ? { leaveDate: null, leaveReason: '' } : {}),
      updatedAt: deps.now(),
    };
    let id: number;
    if (old) {
      id = old.id;
      await tx
        .update(employeeArchives)
        .set(values)
        .where(and(eq(employeeArchives.id, id), eq(employeeArchives.cmpId, auth.cmpId)));
    } else {
      const [row] = await tx
        .insert(employeeArchives)
        .values({ ...values, cmpId: auth.cmpId, createdBy: auth.userId, createdAt: deps.now() })
        .returning({ id: employeeArchives.id });
      id = row!.id;
    }
    const owner = { table: 'employee_archives', id };
    await assertOwnUploads(tx, auth, { name: 'Photo', label: '照片' }, [b.Photo], owner);
    const files = b.Attachments.map((f) => f.FilePath);
    await assertOwnUploads(tx, auth, { name: 'Attachments', label: '附件' }, files, owner);
    await tx.delete(archiveFiles).where(and(eq(archiveFiles.archiveId, id), eq(archiveFiles.cmpId, auth.cmpId)));
    if (b.Attachments.length) {
      await tx.insert(archiveFiles).values(
        b.Attachments.map((f) => ({
          cmpId: auth.cmpId,
          archiveId: id,
          fileName: f.FileName,
          filePath: f.FilePath,
          size: f.Size,
          createdBy: auth.userId,
        })),
      );
    }
    const action = !old ? 'archive.add' : old.status === 2 && status === 1 ? 'archive.rehire' : 'archive.edit';
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action,
        entity: 'archive',
        entityId: id,
        detail: { EmployeeNo: b.EmployeeNo },
        ip,
      },
      deps.now(),
    );
    return id;
  });
}

/** 办理离职; with DisableAccount the linked login stops at once (its sessions end). */
export async function leaveArchive(deps: AppDeps, auth: Auth, b: ArchiveLeaveBody, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    const a = await archiveOf(tx, auth, b.Id);
    if (a.status === 2) throw fail('该员工已离职');
    if (b.LeaveDate < a.entryDate) throw fieldError('LeaveDate', '离职日期不能早于入职日期');
    let disabled = false;
    if (b.DisableAccount && a.userId) {
      const [u] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, a.userId), eq(users.cmpId, auth.cmpId)));
      if (u && !u.isDel && u.state === 1) {
        if (u.isAdmin) throw fail('企业管理员账号不能停用');
        if (u.id === auth.userId) throw fail('不能停用自己的账号');
        await tx
          .update(users)
          .set({ state: 0, updatedAt: deps.now() })
          .where(and(eq(users.id, u.id), eq(users.cmpId, auth.cmpId)));
        await revokeUserSessions(deps, tx, u.id, auth.cmpId);
        disabled = true;
      }
    }
    await tx
      .update(employeeArchives)
      .set({ status: 2, leaveDate: b.LeaveDate, leaveReason: b.LeaveReason ?? '', updatedAt: deps.now() })
      .where(and(eq(employeeArchives.id, a.id), eq(employeeArchives.cmpId, auth.cmpId)));
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'archive.leave',
        entity: 'archive',
        entityId: a.id,
        detail: { LeaveDate: b.LeaveDate, DisabledUserId: disabled ? a.userId : null },
        ip,
      },
      deps.now(),
    );
  });
  return null;
}

export async function deleteArchive(deps: AppDeps, auth: Auth, id: number, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    const a = await archiveOf(tx, auth, id);
    if (a.status === 1) throw fail('在职档案不能删除');
    await tx.delete(employeeArchives).where(and(eq(employeeArchives.id, id), eq(employeeArchives.cmpId, auth.cmpId)));
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'archive.del',
        entity: 'archive',
        entityId: id,
        detail: { EmployeeNo: a.employeeNo, Name: a.name },
        ip,
      },
      deps.now(),
    );
  });
  return null;
}
