import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Auth } from '../../../components/auth';
import { ExportButton } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { sortOf } from '../../../components/crud/list-logic';
import { useTableHeight } from '../../../components/use-table-height';
import { FEE_REPORTS, reportExportCall, reportList, reportSum } from './api';
import { recordRecent } from './recent';
import { ReportFilters } from './report-filters';
import { fromParams, initialValues, linkParams, REPORT_PAGE_SIZES, toParams } from './report-logic';
import { type SortState, SumRow, useReportColumns } from './report-table';
import { keyedRows } from './rows';
import type { ReportContext, ReportDefinition } from './types';
import '../../../components/crud/crud.css';

const errorText = (e: unknown) => (e instanceof Error && e.message) || '报表加载失败，请稍后重试';

/**
 * A report screen from its definition: the filter bar, the rows (server-paged and sorted for detail reports), a 合计
 * row from <Name>Sum with the same filters, expandable Children rows, 导出 (<Name>Export, `export` button) and the
 * server's refusal ('账期跨度不能超过24个月') shown as the message. Opened from a link, it starts with the link's filters.
 */
export function ReportPage<T extends object>({
  def,
  embedded = false,
}: {
  def: ReportDefinition<T>;
  /** A tab of another screen (收费日报 in 收费报表): no link filters, not a 报表中心 pin. */
  embedded?: boolean;
}) {
  const location = useLocation();
  const search = embedded ? '' : location.search;
  const extra = def.extra ?? [];
  const initial = useMemo(() => initialValues(def.filters, extra), [def]); // eslint-disable-line react-hooks/exhaustive-deps
  const [values, setValues] = useState(() => fromParams(def.filters, extra, linkParams(search)));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [sort, setSort] = useState<SortState>(null);

  // A link into the report's open tab brings new filters.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    if (new URLSearchParams(search).has('f')) {
      setValues(fromParams(def.filters, extra, linkParams(search)));
      setPage(1);
    }
  }
  useEffect(() => {
    if (!embedded) recordRecent(location.pathname);
  }, [location.pathname, embedded]);

  // 小区* (one community) starts on the user's first community, so the report shows figures at once.
  const communities = useCommunityOptions();
  const firstCommunity = def.filters.includes('community') ? communities.data?.[0]?.Id : undefined;
  if (firstCommunity && !values.CommunityId) setValues({ ...values, CommunityId: firstCommunity });
  const ready = !def.filters.includes('community') || !!values.CommunityId;

  const filters = useMemo(() => {
    const body = { ...def.fixed, ...toParams(def.filters, extra, values) };
    return def.transform ? def.transform(body) : body;
  }, [def, values]); // eslint-disable-line react-hooks/exhaustive-deps
  const declared = typeof def.columns === 'function' ? def.columns(filters) : def.columns;
  const sortParams = sort ? { SortField: sort.field, SortOrder: sort.order } : {};
  // A long detail report counts only up to a cap (countMore); 统计总数 asks for the full count of these filters.
  const countKey = JSON.stringify([filters, sortParams]);
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exact = exactFor === countKey ? { ExactCount: 1 } : {};
  const listBody = def.paged ? { ...filters, ...sortParams, ...exact, PgIndex: page, PgSize: size } : filters;
  const list = useQuery({
    queryKey: [FEE_REPORTS, def.name, 'list', listBody],
    queryFn: () => reportList<T>(def.name, listBody),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: ready,
  });
  const sum = useQuery({
    queryKey: [FEE_REPORTS, def.name, 'sum', filters],
    queryFn: () => reportSum(def.name, filters),
    retry: false,
    enabled: ready,
  });

  const apply = (next: Record<string, unknown>) => {
    // 查询 with the same filters reloads: payments keep arriving while the report is open.
    if (JSON.stringify(toParams(def.filters, extra, next)) === JSON.stringify(toParams(def.filters, extra, values))) {
      void list.refetch();
      void sum.refetch();
    }
    setValues(next);
    setPage(1);
  };

  const rows = useMemo(() => keyedRows(list.data?.data ?? []), [list.data]);
  const failed = list.error ?? sum.error;
  const ctx: ReportContext<T> = { rows, sum: sum.data, filters, loading: list.isFetching };

  const columns = useReportColumns(declared, filters, sort, !!def.paged, sum.data);
  if (def.actions)
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width: def.actionsWidth ?? 100,
      render: (_: unknown, row: T) => def.actions?.(row),
    } as ColumnType<T>);

  const top = useRef<HTMLDivElement>(null);
  // Above and below the scrolling rows: the header (two lines when grouped), the fixed 合计 row, and no pager on
  // an unpaged report.
  const headerRows = declared.some((c) => c.children?.length) ? 2 : 1;
  const height = useTableHeight(top, 48 * headerRows + 48 + (def.paged ? 0 : -48));

  return (
    <div className="crud-list report-page">
      <div ref={top} className="crud-search-box">
        <ReportFilters
          filters={def.filters}
          labels={def.labels}
          extra={extra}
          values={values}
          initial={initial}
          onSearch={apply}
        />
        <div className="crud-toolbar">
          <Space wrap className="crud-toolbar-left">
            {def.toolbar?.(ctx)}
            <Auth btn="export">
              <ExportButton
                call={reportExportCall(def.name)}
                params={{ ...filters, ...sortParams }}
                fileName={def.title}
                disabled={!!failed || rows.length === 0}
              />
            </Auth>
          </Space>
        </div>
        {failed && <Alert type="error" showIcon title={errorText(failed)} style={{ marginBottom: 8 }} />}
        {!failed && def.above?.(ctx)}
      </div>
      <Table<T>
        rowKey="__key"
        columns={columns}
        dataSource={failed ? [] : rows}
        loading={list.isFetching}
        size="middle"
        bordered
        expandable={{ childrenColumnName: 'Children', indentSize: 12 }}
        scroll={{ x: 'max-content', y: height }}
        // No rows, no 合计: an empty body leaves the columns unmeasured, and the fixed row would not line up.
        summary={() =>
          failed || !rows.length ? null : (
            <Table.Summary fixed>
              <SumRow columns={declared} sum={sum.data} withActions={!!def.actions} />
            </Table.Summary>
          )
        }
        pagination={
          def.paged
            ? {
                current: page,
                pageSize: size,
                // A capped count: one row more than counted keeps the next page reachable.
                total: (list.data?.count ?? 0) + (list.data?.countMore ? 1 : 0),
                showSizeChanger: true,
                pageSizeOptions: REPORT_PAGE_SIZES,
                showQuickJumper: true,
                showTotal: (n) =>
                  list.data?.countMore ? (
                    <>
                      共 {list.data.count}+ 条
                      <Button type="link" size="small" onClick={() => setExactFor(countKey)}>
                        统计总数
                      </Button>
                    </>
                  ) : (
                    `共 ${n} 条`
                  ),
                onChange: (p, s) => {
                  if (s !== size) {
                    setSize(s);
                    setPage(1);
                  } else setPage(p);
                },
              }
            : false
        }
        onChange={(_p, _f, sorter, extraInfo) => {
          if (extraInfo.action === 'sort') {
            setSort(sortOf(sorter));
            setPage(1);
          }
        }}
      />
    </div>
  );
}
