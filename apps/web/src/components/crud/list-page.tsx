import { Button, Empty, Result, Space, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { useSettingsStore } from '../../app/stores/settings-store';
import { Auth, useAuth } from '../auth';
import { useTableHeight } from '../use-table-height';
import { ColumnSettings } from './column-settings';
import { ExportButton } from './export-button';
import { type ImportConfig, ImportDialog } from './import-dialog';
import { MoneySummary } from './money-summary';
import { exportParams, PAGE_SIZES, type SortState, sortOf, visibleColumns, withMoney } from './list-logic';
import { SearchForm } from './search-form';
import type { CrudColumn, ListAnswer, ListParams, SearchField } from './types';
import { useHiddenColumns, useList } from './use-list';
import './crud.css';

const TABLE_HEADER_HEIGHT = 48;

const sortOrderOf = (sort: SortState | null, field: string | undefined) =>
  sort && sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

export interface ListContext<T> {
  params: ListParams;
  selectedRows: T[];
  selectedKeys: Key[];
  clearSelection(): void;
  /** Invalidates every query showing the resource (its list and details, and the screens of query-deps.ts). */
  refresh(): Promise<void>;
}

export interface ListPageProps<T> {
  /** First part of every query key of this list; mutations invalidate `[resource]`. */
  resource: string;
  /** Names this list when the resource has several (staff 'list' and 'by-department'). */
  listName?: string;
  fetch(params: ListParams): Promise<ListAnswer<T>>;
  columns: readonly CrudColumn<T>[];
  searchFields?: readonly SearchField[];
  initialFilters?: Record<string, unknown>;
  /** Parameters set outside the search form (a tree filter); a change goes back to page 1 by changing the key. */
  extraParams?: Record<string, unknown>;
  rowKey?: keyof T & string;
  /** The 操作 column's content for a row (wrap each button in `<Auth btn>`). */
  rowActions?(row: T, ctx: ListContext<T>): ReactNode;
  actionsWidth?: number;
  /** Toolbar buttons left of 导入/导出 (wrap in `<Auth btn>`). */
  toolbar?(ctx: ListContext<T>): ReactNode;
  /**
   * Row checkboxes for batch actions: the button keys of those actions (`['edit']`); shown only when the user holds
   * one of them on this screen. `true` shows them to everyone.
   */
  selectable?: boolean | readonly string[];
  /** 导出: the call answering an xlsx of the current filters; shown under `<Auth btn="export">`. */
  exportCall?: string;
  exportName?: string;
  importConfig?: ImportConfig;
  /** Extra px taken above the table (tabs, a title) for the height rule. */
  heightExtra?: number;
  emptyText?: string;
  /** Waits (e.g. for the tree filter) before the first fetch. */
  enabled?: boolean;
  title?: ReactNode;
  /** Rows that open onto a detail table (收费项目 → its standards). */
  expandable?: TableProps<T>['expandable'];
}

/**
 * A server-paged list screen: search form, toolbar (own buttons, 导入, 导出, 列设置), table with selection, 操作 column,
 * paging and sort, loading, empty and error states, and the table height rule of spec §9.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { resource, columns, searchFields = [], rowKey = 'Id' as keyof T & string } = props;
  const list = useList<T>({
    resource,
    listName: props.listName,
    fetch: props.fetch,
    searchFields,
    initialFilters: props.initialFilters,
    extraParams: props.extraParams,
    enabled: props.enabled,
  });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const cols = useHiddenColumns(`${resource}:${props.listName ?? 'list'}`, columns);
  const searchBox = useRef<HTMLDivElement>(null);
  // The spec's formula is the whole table's height (header included, as the original table took it); antd's
  // scroll.y is the body only, so the header row comes off.
  const height = useTableHeight(searchBox, (props.heightExtra ?? 0) + TABLE_HEADER_HEIGHT);

  // On phones fixed columns would leave no room for the scrolling middle.
  const mobile = useSettingsStore((s) => s.device) === 'mobile';
  const can = useAuth();
  const { selectable } = props;
  const selecting = Array.isArray(selectable) ? selectable.some((btn) => can(btn)) : selectable === true;

  const ctx: ListContext<T> = {
    params: list.params,
    selectedRows,
    selectedKeys,
    clearSelection: () => {
      setSelectedKeys([]);
      setSelectedRows([]);
    },
    refresh: list.refresh,
  };

  const tableColumns = (() => {
    const shown = withMoney(visibleColumns(columns, cols.hidden)).map(
      ({ hideable: _h, defaultHidden: _d, money: _m, sumIf: _s, ...c }) =>
        ({
          ...c,
          fixed: mobile ? undefined : c.fixed,
          key: c.key ?? c.dataIndex ?? c.title,
          sortOrder: c.sorter ? sortOrderOf(list.sort, c.dataIndex ?? c.key) : undefined,
        }) as ColumnType<T>,
    );
    if (props.rowActions) {
      shown.push({
        key: '__actions',
        title: '操作',
        fixed: mobile ? undefined : 'right',
        width: props.actionsWidth ?? 160,
        render: (_: unknown, row: T) => (
          <Space size={0} wrap className="crud-row-actions">
            {props.rowActions?.(row, ctx)}
          </Space>
        ),
      });
    }
    return shown;
  })();

  const empty = list.error ? (
    <Result
      status="warning"
      title="加载失败"
      subTitle="数据没有加载出来，请稍后重试"
      extra={
        <Button type="primary" onClick={() => void list.refetch()}>
          重新加载
        </Button>
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? '暂无数据'} />
  );

  return (
    <div className="crud-list">
      <div ref={searchBox} className="crud-search-box">
        {searchFields.length > 0 && (
          <SearchForm fields={searchFields} values={list.values} onSearch={list.search} onReset={list.reset} />
        )}
        <div className="crud-toolbar">
          <Space wrap className="crud-toolbar-left">
            {props.title}
            {props.toolbar?.(ctx)}
            {props.importConfig && (
              <Auth btn={props.importConfig.btn ?? 'import'}>
                <ImportDialog {...props.importConfig} onDone={() => void list.refresh()} />
              </Auth>
            )}
            {props.exportCall && (
              <Auth btn="export">
                <ExportButton
                  call={props.exportCall}
                  params={exportParams(list.params)}
                  fileName={props.exportName}
                  disabled={list.total === 0}
                />
              </Auth>
            )}
          </Space>
          <Space>
            {selectedKeys.length > 0 && <span className="crud-selected">已选 {selectedKeys.length} 项</span>}
            <ColumnSettings columns={columns} hidden={cols.hidden} onChange={cols.setHidden} onReset={cols.reset} />
          </Space>
        </div>
      </div>
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={list.rows}
        loading={list.loading}
        size="middle"
        bordered
        expandable={props.expandable}
        scroll={{ x: 'max-content', y: height }}
        locale={{ emptyText: empty }}
        summary={
          columns.some((c) => c.money)
            ? () => (
                <MoneySummary
                  columns={withMoney(visibleColumns(columns, cols.hidden))}
                  rows={list.rows}
                  totals={list.totals}
                  selectable={selecting}
                  actions={!!props.rowActions}
                />
              )
            : undefined
        }
        rowSelection={
          selecting
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelectedRows(rows);
                },
              }
            : undefined
        }
        pagination={{
          current: list.page,
          pageSize: list.size,
          // A capped count: one row more than counted keeps the next page reachable.
          total: list.countMore ? list.total + 1 : list.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showQuickJumper: true,
          showTotal: () =>
            list.countMore ? (
              <>
                共 {list.total}+ 条
                <Button type="link" size="small" onClick={list.countExactly}>
                  统计总数
                </Button>
              </>
            ) : (
              `共 ${list.total} 条`
            ),
          onChange: list.setPage,
        }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') {
            list.setSort(sortOf(sorter));
            list.setPage(1);
          }
        }}
      />
    </div>
  );
}
