import { CONTRACT_TYPES, checkCertNo, checkMobile, EDUCATIONS } from '@linli/shared';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { checkRows, readSheet, readUpload, xlsxExport, xlsxTemplate } from '../../core/excel';
import { employeeArchives } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { departmentsOf } from '../org/departments.service';
import { type ArchiveFilter, archiveRow, archiveWhere, selectArchives } from './archive-query';
import { todayIn } from '../../core/dates';
import { archiveProblems, assertArchiveUnique } from './archives.service';

export async function exportArchives(deps: AppDeps, auth: Auth, f: ArchiveFilter) {
  const { db } = deps.database;
  const today = todayIn(deps.now(), auth.timeZone);
  const rows = (await selectArchives(db, await archiveWhere(db, auth, f, today))).map((r) => archiveRow(r, today));
  return xlsxExport(
    '员工档案',
    [
      { header: '工号', value: (r) => r.EmployeeNo },
      { header: '姓名', value: (r) => r.Name },
      { header: '性别', value: (r) => r.GenderText },
      { header: '部门', value: (r) => r.DptName },
      { header: '职务', value: (r) => r.JobTitle },
      { header: '手机', value: (r) => r.Phone },
      { header: '身份证号', width: 22, value: (r) => r.IdCard },
      { header: '学历', value: (r) => r.Education },
      { header: '入职日期', value: (r) => r.EntryDate },
      { header: '合同类型', value: (r) => r.ContractType },
      { header: '合同到期', value: (r) => r.ContractEnd },
      { header: '状态', value: (r) => r.StatusText },
      { header: '离职日期', value: (r) => r.LeaveDate },
      { header: '关联账号', value: (r) => r.UserAccount },
    ],
    rows,
  );
}

const HEADERS = [
  '工号',
  '姓名',
  '性别',
  '身份证号',
  '手机',
  '部门',
  '职务',
  '学历',
  '入职日期',
  '合同类型',
  '合同开始',
  '合同结束',
];

export const archiveTemplate = () =>
  xlsxTemplate('员工档案导入模板', [
    { header: '工号', note: '必填，公司内唯一，如 E0013' },
    { header: '姓名', note: '必填' },
    { header: '性别', note: '必填：男 或 女' },
    { header: '身份证号', note: '选填，18位；出生日期由身份证号带出' },
    { header: '手机', note: '选填，11位手机号' },
    { header: '部门', note: '选填，部门路径，如 工程部/电梯组' },
    { header: '职务' },
    { header: '学历', note: EDUCATIONS.join('/') },
    { header: '入职日期', note: '必填，如 2025-07-01' },
    { header: '合同类型', note: CONTRACT_TYPES.join('/') },
    { header: '合同开始', note: '如 2025-07-01' },
    { header: '合同结束', note: '如 2028-06-30' },
  ]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const asDate = (s: string) =>
  s
    .replace(/[./年月]/g, '-')
    .replace(/日$/, '')
    .replace(/-(\d)(?=-|$)/g, '-0$1');
const validDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export async function importArchives(deps: AppDeps, auth: Auth, req: FastifyRequest, ip: string) {
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
  const seenNo = new Map<string, number>();
  const seenId = new Map<string, number>();

  const ready = await checkRows(rows, async ({ row, values: v }) => {
    const no = v.工号!;
    if (!no) return '工号不能为空';
    if (no.length > 20) return '工号不能超过20个字符';
    if (seenNo.has(no)) return `工号与第${seenNo.get(no)}行重复`;
    seenNo.set(no, row);
    const name = v.姓名!;
    if (!name) return '姓名不能为空';
    if (name.length > 20) return '姓名不能超过20个字符';
    const gender = v.性别 === '男' ? 1 : v.性别 === '女' ? 2 : 0;
    if (!gender) return '性别需为男或女';
    const idCard = v.身份证号!.toUpperCase();
    if (idCard) {
      const bad = checkCertNo(idCard);
      if (bad) return bad;
      if (seenId.has(idCard)) return `身份证号与第${seenId.get(idCard)}行重复`;
      seenId.set(idCard, row);
    }
    const phone = v.手机!;
    if (phone) {
      const bad = checkMobile(phone);
      if (bad) return bad;
    }
    let dptId: number | null = null;
    if (v.部门) {
      dptId = dptByPath.get(v.部门!.replace(/\s*\/\s*/g, '/')) ?? null;
      if (!dptId) return `部门“${v.部门}”不存在`;
    }
    const education = v.学历!;
    if (education && !(EDUCATIONS as readonly string[]).includes(education)) return '学历不正确';
    const contractType = v.合同类型!;
    if (contractType && !(CONTRACT_TYPES as readonly string[]).includes(contractType)) return '合同类型不正确';
    const entry = asDate(v.入职日期!);
    if (!entry) return '入职日期不能为空';
    const start = v.合同开始 ? asDate(v.合同开始!) : '';
    const end = v.合同结束 ? asDate(v.合同结束!) : '';
    for (const [label, d] of [
      ['入职日期', entry],
      ['合同开始', start],
      ['合同结束', end],
    ] as const) {
      if (d && !validDate(d)) return `${label}格式不正确`;
    }
    const checked = archiveProblems({
      IdCard: idCard,
      ContractStart: start || undefined,
      ContractEnd: end || undefined,
    });
    if ('field' in checked) return checked.msg;
    const dup = await assertArchiveUnique(db, auth.cmpId, no, idCard, 0);
    if (dup) return dup.msg;
    return {
      cmpId: auth.cmpId,
      employeeNo: no,
      name,
      gender,
      idCard,
      birthDate: checked.birthDate,
      phone,
      dptId,
      jobTitle: v.职务!.slice(0, 30),
      education,
      entryDate: entry,
      contractType,
      contractStart: start || null,
      contractEnd: end || null,
      createdBy: auth.userId,
    };
  });

  await db.transaction(async (tx) => {
    await tx.insert(employeeArchives).values(ready);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'archive.import',
        entity: 'archive',
        detail: { Count: ready.length, File: file.fileName },
        ip,
      },
      deps.now(),
    );
  });
  return { Count: ready.length };
}
