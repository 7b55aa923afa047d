import { DEPARTMENT_TYPE, type DepartmentSaveBody, MAX_DEPARTMENT_LEVELS } from '@linli/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { companies, departments, employeeArchives, users } from '../../db/schema';
import type { AppDeps } from '../../deps';

type DptRow = typeof departments.$inferSelect;

export interface DptNode {
  Id: number;
  ParentId: number;
  DptName: string;
  Type: number;
  Sort: number;
  LeaderId: number;
  LeaderName: string;
  Tel: string;
  Remark: string;
  StaffCount: number;
  children: DptNode[];
}

export async function departmentsOf(db: Tx, cmpId: number): Promise<DptRow[]> {
  return db.select().from(departments).where(eq(departments.cmpId, cmpId)).orderBy(departments.sort, departments.id);
}

/** Every department id under `rootId` (itself included); 0 = the whole company. */
export function descendantIds(rows: Pick<DptRow, 'id' | 'parentId'>[], rootId: number): number[] {
  const kids = new Map<number, number[]>();
  for (const r of rows) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r.id]);
  const out: number[] = rootId ? [rootId] : [];
  const stack = [...(kids.get(rootId) ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return out;
}

/** The tree with the company as its root (Id 0, Type 1); StaffCount counts a node's whole branch. */
export async function companyTree(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const rows = await departmentsOf(db, auth.cmpId);
  const [cmp] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, auth.cmpId));
  const staff = await db
    .select({ id: users.id, name: users.name, dptId: users.dptId })
    .from(users)
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
  const nameOf = new Map(staff.map((s) => [s.id, s.name]));
  const direct = new Map<number, number>();
  for (const s of staff) direct.set(s.dptId ?? 0, (direct.get(s.dptId ?? 0) ?? 0) + 1);
  const nodes = new Map<number, DptNode>(
    rows.map((r) => [
      r.id,
      {
        Id: r.id,
        ParentId: r.parentId,
        DptName: r.name,
        Type: r.type,
        Sort: r.sort,
        LeaderId: r.leaderId ?? 0,
        LeaderName: r.leaderId ? (nameOf.get(r.leaderId) ?? '') : '',
        Tel: r.tel,
        Remark: r.remark,
        StaffCount: direct.get(r.id) ?? 0,
        children: [],
      },
    ]),
  );
  const top: DptNode[] = [];
  for (const n of nodes.values()) (nodes.get(n.ParentId)?.children ?? top).push(n);
  const total = (n: DptNode): number => {
    n.StaffCount += n.children.reduce((s, c) => s + total(c), 0);
    return n.StaffCount;
  };
  const rootCount = top.reduce((s, n) => s + total(n), 0) + (direct.get(0) ?? 0);
  return [
    {
      Id: 0,
      ParentId: -1,
      DptName: cmp?.name ?? '',
      Type: DEPARTMENT_TYPE.COMPANY,
      StaffCount: rootCount,
      children: top,
    },
  ];
}

export async function getDepartment(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const [r] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.cmpId, auth.cmpId)));
  if (!r) throw notFound();
  const [parent] = r.parentId
    ? await db.select({ name: departments.name }).from(departments).where(eq(departments.id, r.parentId))
    : await db.select({ name: companies.name }).from(companies).where(eq(companies.id, auth.cmpId));
  const [leader] = r.leaderId ? await db.select({ name: users.name }).from(users).where(eq(users.id, r.leaderId)) : [];
  return {
    Id: r.id,
    ParentId: r.parentId,
    ParentName: parent?.name ?? '',
    DptName: r.name,
    Type: r.type,
    LeaderId: r.leaderId ?? 0,
    LeaderName: leader?.name ?? '',
    Tel: r.tel,
    Sort: r.sort,
    Remark: r.remark,
  };
}

const levelOf = (byId: Map<number, DptRow>, id: number): number => {
  let level = 0;
  for (let cur = byId.get(id); cur; cur = byId.get(cur.parentId)) level++;
  return level;
};

function branchHeight(rows: DptRow[], id: number): number {
  const kids = rows.filter((r) => r.parentId === id);
  return 1 + Math.max(0, ...kids.map((k) => branchHeight(rows, k.id)));
}

/** Id 0 creates. Levels count departments below the company: at most 6 ('组织层级最多6级'). */
export async function saveDepartment(deps: AppDeps, auth: Auth, b: DepartmentSaveBody, ip: string) {
  return deps.database.db.transaction(async (tx) => {
    const rows = await departmentsOf(tx, auth.cmpId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const self = b.Id ? byId.get(b.Id) : undefined;
    if (b.Id && !self) throw notFound();
    const type = b.Type ?? self?.type ?? DEPARTMENT_TYPE.DEPARTMENT;
    const parent = b.ParentId ? byId.get(b.ParentId) : undefined;
    if (b.ParentId && !parent) throw fieldError('ParentId', '上级部门不存在');
    if (self && descendantIds(rows, self.id).includes(b.ParentId))
      throw fieldError('ParentId', '上级不能选择自己或下级');
    if (type === DEPARTMENT_TYPE.BRANCH && parent && parent.type !== DEPARTMENT_TYPE.BRANCH) {
      throw fieldError('Type', '分公司只能建在公司或分公司下');
    }
    if (
      self &&
      type !== DEPARTMENT_TYPE.BRANCH &&
      rows.some((r) => r.parentId === self.id && r.type === DEPARTMENT_TYPE.BRANCH)
    ) {
      throw fieldError('Type', '分公司只能建在公司或分公司下');
    }
    const depth = (parent ? levelOf(byId, parent.id) : 0) + (self ? branchHeight(rows, self.id) : 1);
    if (depth > MAX_DEPARTMENT_LEVELS) throw fieldError('ParentId', '组织层级最多6级');
    if (rows.some((r) => r.parentId === b.ParentId && r.name === b.DptName && r.id !== b.Id)) {
      throw fieldError('DptName', '同级下已存在同名部门');
    }
    if (b.LeaderId) {
      const [leader] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, b.LeaderId), eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
      if (!leader) throw fieldError('LeaderId', '负责人不存在');
    }
    const values = {
      parentId: b.ParentId,
      name: b.DptName,
      type,
      leaderId: b.LeaderId ?? null,
      tel: b.Tel ?? '',
      sort: b.Sort,
      remark: b.Remark ?? '',
      updatedAt: deps.now(),
    };
    let id = b.Id;
    if (self) {
      await tx
        .update(departments)
        .set(values)
        .where(and(eq(departments.id, self.id), eq(departments.cmpId, auth.cmpId)));
    } else {
      const [row] = await tx
        .insert(departments)
        .values({ ...values, cmpId: auth.cmpId, createdBy: auth.userId, createdAt: deps.now() })
        .returning({ id: departments.id });
      id = row!.id;
    }
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: self ? 'department.edit' : 'department.add',
        entity: 'department',
        entityId: id,
        detail: { DptName: b.DptName, ParentId: b.ParentId },
        ip,
      },
      deps.now(),
    );
    return id;
  });
}

export async function deleteDepartment(deps: AppDeps, auth: Auth, id: number, ip: string) {
  if (id === 0) throw fail('企业根节点不能删除');
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.id, id), eq(departments.cmpId, auth.cmpId)));
    if (!row) throw notFound();
    const [kids] = await tx.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
    if (kids!.n > 0) throw fail('该部门下还有下级部门，不能删除');
    // Disabled staff count too: they can be enabled again and would have no department.
    const [staff] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.dptId, id), eq(users.isDel, false)));
    if (staff!.n > 0) throw fail('该部门下还有员工，不能删除');
    // Deleted accounts and staff files keep their history without the department.
    await tx
      .update(users)
      .set({ dptId: null })
      .where(and(eq(users.cmpId, auth.cmpId), eq(users.dptId, id), ne(users.isDel, false)));
    await tx
      .update(employeeArchives)
      .set({ dptId: null })
      .where(and(eq(employeeArchives.cmpId, auth.cmpId), eq(employeeArchives.dptId, id)));
    await tx.delete(departments).where(and(eq(departments.id, id), eq(departments.cmpId, auth.cmpId)));
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'department.del',
        entity: 'department',
        entityId: id,
        detail: { DptName: row.name },
        ip,
      },
      deps.now(),
    );
  });
  return null;
}
