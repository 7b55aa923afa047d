import '../crud/crud.css';
import { ApartmentOutlined, BankOutlined, BranchesOutlined } from '@ant-design/icons';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { allDepartmentIds, type DepartmentNode, filterDepartments } from './department-tree';
import { useDepartmentTree } from './use-pickers';

const ICONS: Record<number, ReactNode> = { 1: <BankOutlined />, 2: <BranchesOutlined />, 3: <ApartmentOutlined /> };

interface TreeItem {
  key: number;
  title: ReactNode;
  icon: ReactNode;
  children: TreeItem[];
}

const toItems = (nodes: readonly DepartmentNode[]): TreeItem[] =>
  nodes.map((n) => ({
    key: n.Id,
    icon: ICONS[n.Type],
    title: (
      <span className="dpt-tree-title">
        {n.DptName}
        <span className="dpt-tree-count">（{n.StaffCount}）</span>
      </span>
    ),
    children: toItems(n.children ?? []),
  }));

/**
 * The company's department tree with a search box and each node's staff count. Used as the 组织架构 navigator and as
 * the department filter of staff lists; `selected` is a department Id (0 = the whole company).
 */
export function DepartmentTreePanel({
  selected,
  onSelect,
  title = '组织架构',
  extra,
}: {
  selected: number | undefined;
  onSelect(id: number, node: DepartmentNode | undefined): void;
  title?: ReactNode;
  extra?: ReactNode;
}) {
  const { data = [], isLoading } = useDepartmentTree();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterDepartments(data, keyword), [data, keyword]);
  const items = useMemo(() => toItems(shown), [shown]);
  const byId = useMemo(() => {
    const map = new Map<number, DepartmentNode>();
    const walk = (n: DepartmentNode) => {
      map.set(n.Id, n);
      n.children?.forEach(walk);
    };
    data.forEach(walk);
    return map;
  }, [data]);

  return (
    <Card size="small" title={title} extra={extra} className="dpt-tree-card">
      <Input.Search
        placeholder="搜索部门"
        allowClear
        aria-label="搜索部门"
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={isLoading}>
        {items.length ? (
          <Tree<TreeItem>
            showIcon
            blockNode
            key={keyword ? `search-${keyword}` : `all-${data.length}`}
            defaultExpandedKeys={allDepartmentIds(shown)}
            treeData={items}
            selectedKeys={selected === undefined ? [] : [selected]}
            onSelect={(keys) => {
              const id = keys.length ? Number(keys[0]) : (selected ?? 0);
              onSelect(id, byId.get(id));
            }}
          />
        ) : (
          !isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的部门" />
        )}
      </Spin>
    </Card>
  );
}
