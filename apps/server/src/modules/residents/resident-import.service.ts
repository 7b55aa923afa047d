import { and, eq, not, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../core/auth';
import { readSheet, readUpload, xlsxTemplate } from '../../core/excel';
import { batchOf, type CommitStep, commitBatch, createBatch, errorReport } from '../../core/import-batch';
import type { Tx } from '../../db/client';
import { residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { checkResidentRows, type ResidentImportData } from './resident-import-check';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { linkIfNew } from './resident-links';
import { addTagsByName } from './resident-tags.service';
import { today } from './residents-query';

export const RESIDENT_IMPORT_KIND = 'resident';
export const RESIDENT_IMPORT_HEADERS = [
  '姓名',
  '性别',
  '手机号',
  '证件类型',
  '证件号码',
  '小区',
  '楼宇',
  '单元',
  '房号',
  '身份',
  '与业主关系',
  '入住日期',
  '租约到期',
  '紧急联系人',
  '紧急联系电话',
  '标签',
] as const;
const REQUIRED = new Set(['姓名', '小区', '楼宇', '单元', '房号', '身份']);

export const residentTemplate = () =>
  xlsxTemplate(
    '住户导入模板',
    RESIDENT_IMPORT_HEADERS.map((h) => ({ header: REQUIRED.has(h) ? `${h}*` : h, note: NOTES[h] })),
  );
const NOTES: Record<string, string> = {
  性别: '男/女',
  手机号: '业主和租户必填；已登记的手机号将为该住户增加房屋',
  证件类型: '身份证/护照/港澳通行证/台胞证/其他，默认身份证',
  单元: '如：1单元',
  身份: '业主/家属/租户',
  与业主关系: '家属填写：配偶/子女/父母/其他',
  入住日期: '如：2025-06-01，默认今天',
  租约到期: '租户必填',
  标签: '多个标签用逗号分隔',
};

export async function residentImportPreview(deps: AppDeps, auth: Auth, req: FastifyRequest) {
  const file = await readUpload(req);
  const sheet = await readSheet(file.data, [...RESIDENT_IMPORT_HEADERS]);
  const { db } = deps.database;
  const rows = await checkResidentRows(db, auth, sheet);
  const good = rows.filter((r) => r.Data).length;
  const summary = { Total: rows.length, Ok: good, Error: rows.length - good };
  const id = await createBatch(db, auth, {
    kind: RESIDENT_IMPORT_KIND,
    fileName: file.fileName,
    rows,
    summary,
    mode: 1,
    now: deps.now(),
  });
  return {
    ImportId: id,
    Summary: summary,
    Rows: rows.map((r) => ({
      Row: r.Row,
      Status: r.Errors.length ? '错误' : '正确',
      Messages: r.Errors,
      Values: r.Values,
    })),
  };
}

/**
 * Writes the good rows in one transaction: an existing mobile or ID number gains a link instead of a new person
 * (Source 3 导入 for the new ones); a link that is already active is skipped.
 */
export async function residentImportCommit(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { result, batch } = await commitBatch(
    deps,
    auth,
    { id, kind: RESIDENT_IMPORT_KIND, action: 'resident.import', ip },
    (tx, good: ResidentImportData[], step) => writeResidents(deps, auth, tx, good, step),
  );
  return { ImportId: id, ...result, Error: batch.error };
}

async function writeResidents(
  deps: AppDeps,
  auth: Auth,
  tx: Tx,
  good: ResidentImportData[],
  { now, progress }: CommitStep,
) {
  const d = today(deps, auth);
  let created = 0;
  let linked = 0;
  let skipped = 0;
  const rooms: number[] = [];
  const people: number[] = [];
  // Owners first, so family rows of the same file find them.
  const ordered = [...good].sort((a, b) => a.role - b.role);
  for (const [n, g] of ordered.entries()) {
    const [found] = await tx
      .select({ id: residents.id })
      .from(residents)
      .where(
        and(
          eq(residents.cmpId, auth.cmpId),
          not(residents.isDeleted),
          or(
            g.mobile ? eq(residents.mobile, g.mobile) : undefined,
            g.idNo ? and(eq(residents.idType, g.idType), eq(residents.idNo, g.idNo)) : undefined,
          ) ?? sql`false`,
        ),
      )
      .orderBy(residents.id)
      .limit(1);
    let residentId = found?.id ?? 0;
    if (!residentId) {
      const [row] = await tx
        .insert(residents)
        .values({
          cmpId: auth.cmpId,
          name: g.name,
          gender: g.gender,
          mobile: g.mobile,
          idType: g.idType,
          idNo: g.idNo,
          emergencyName: g.emergencyName,
          emergencyMobile: g.emergencyMobile,
          source: 3,
          status: 1,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: residents.id });
      residentId = row!.id;
      created += 1;
    }
    const link = { roomId: g.roomId, communityId: g.communityId, role: g.role, relation: g.relation };
    if (await linkIfNew(tx, auth, residentId, { ...link, moveInDate: g.moveInDate ?? d, leaseEnd: g.leaseEnd }, now)) {
      rooms.push(g.roomId);
      linked += 1;
    } else skipped += 1;
    await addTagsByName(tx, auth, residentId, g.tags, now);
    people.push(residentId);
    if (n % 200 === 0) progress((n / Math.max(1, ordered.length)) * 90);
  }
  await applyRoomEffects(tx, auth, rooms, now, '住户导入');
  await refreshResidentStatus(tx, auth.cmpId, people, now);
  return { result: { Ok: good.length, Created: created, Linked: linked, Skipped: skipped } };
}

export async function residentImportErrors(deps: AppDeps, auth: Auth, id: number) {
  const batch = await batchOf(deps.database.db, auth, id, RESIDENT_IMPORT_KIND);
  return errorReport('住户导入错误报告', [...RESIDENT_IMPORT_HEADERS], batch);
}
