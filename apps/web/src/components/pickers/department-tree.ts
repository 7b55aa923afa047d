import type { TreeOption } from '../crud/types';

/** A node of /user/GetTreeCompany: the company root has Id 0 and Type 1; 分公司 2; 部门 3. */
export interface DepartmentNode {
  Id: number;
  ParentId?: number;
  DptName: string;
  Type: number;
  Sort?: number;
  LeaderId?: number;
  LeaderName?: string;
  Tel?: string;
  Remark?: string;
  StaffCount: number;
  children?: DepartmentNode[];
}

export const DEPARTMENT_TYPE_NAMES: Record<number, string> = { 1: '公司', 2: '分公司', 3: '部门' };

/** Tree-select options; `withRoot: false` leaves out the company node (a person must sit in a department). */
export function departmentOptions(nodes: readonly DepartmentNode[], withRoot = true): TreeOption[] {
  const map = (n: DepartmentNode): TreeOption => ({
    value: n.Id,
    title: n.DptName,
    children: n.children?.map(map),
  });
  if (withRoot) return nodes.map(map);
  return nodes.flatMap((n) => (n.Type === 1 ? (n.children ?? []).map(map) : [map(n)]));
}

/** Keeps the nodes whose name contains the keyword, with their ancestors (the tree's search box). */
export function filterDepartments(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  const k = keyword.trim();
  if (!k) return [...nodes];
  const walk = (n: DepartmentNode): DepartmentNode | null => {
    const children = (n.children ?? []).map(walk).filter((c): c is DepartmentNode => c !== null);
    if (n.DptName.includes(k) || children.length) return { ...n, children };
    return null;
  };
  return nodes.map(walk).filter((n): n is DepartmentNode => n !== null);
}

/** Every node by Id. */
export function indexDepartments(nodes: readonly DepartmentNode[]): Map<number, DepartmentNode> {
  const map = new Map<number, DepartmentNode>();
  const walk = (n: DepartmentNode) => {
    map.set(n.Id, n);
    n.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return map;
}

/** Ids of a node and everything under it (a department cannot move under itself or a descendant). */
export function subtreeIds(node: DepartmentNode | undefined): Set<number> {
  const ids = new Set<number>();
  const walk = (n: DepartmentNode) => {
    ids.add(n.Id);
    n.children?.forEach(walk);
  };
  if (node) walk(node);
  return ids;
}

/** The tree of possible parents when moving `selfId`: itself and its descendants disabled. */
export function parentOptions(nodes: readonly DepartmentNode[], selfId: number): TreeOption[] {
  const blocked = subtreeIds(indexDepartments(nodes).get(selfId));
  const map = (n: DepartmentNode): TreeOption => ({
    value: n.Id,
    title: n.DptName,
    disabled: selfId > 0 && blocked.has(n.Id),
    children: n.children?.map(map),
  });
  return nodes.map(map);
}

/** Every key, for 全部展开. */
export const allDepartmentIds = (nodes: readonly DepartmentNode[]) => [...indexDepartments(nodes).keys()];
