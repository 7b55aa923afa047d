import { ReloadOutlined } from '@ant-design/icons';
import '../fee-analysis.css';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Auth } from '../../../components/auth';
import { ExportButton } from '../../../components/crud';
import { type ChartData, type ChartName, FEE_CHARTS, chartCall } from './chart-data';
import { ChartFilters, type Filters, type WindowKind } from './chart-filters';
import { tableColumns, tableTotals } from './table-columns';
import { linkParams, recordRecent } from '../../fee-reports/kit';

/** The filters a chart takes from a link (`?f=`, the report kit's format). */
const CHART_FILTERS = ['CommunityIds', 'DateFrom', 'DateTo', 'PeriodFrom', 'PeriodTo', 'Granularity'];

export function chartFiltersOf(search: string): Filters {
  const given = linkParams(search);
  return Object.fromEntries(CHART_FILTERS.filter((k) => given[k] !== undefined).map((k) => [k, given[k]]));
}

export interface ChartScreenProps {
  chart: ChartName;
  title: string;
  window: WindowKind;
  granularity?: boolean;
  /** The starting filters (the query string overrides them). */
  defaults: () => Filters;
  /** Title of the table's first column (月份, 小区, 项目, 收款方式), or one that follows the filters (日期/月份). */
  nameTitle: string | ((filters: Filters) => string);
  /** The charts; `open` navigates to a report link. */
  children: (data: ChartData, filters: Filters, open: (link: string | null) => void) => ReactNode;
}

/**
 * A chart screen: filters, the charts, the data table below them and 导出 of that table (`export`). ECharts
 * itself loads with the first chart (echart.tsx). The filters start from the query string, so a hub card or another
 * chart can open it narrowed; the screen stays mounted in its tab, so a new query resets them.
 */
export function ChartScreen({ chart, title, window, granularity, defaults, nameTitle, children }: ChartScreenProps) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const start = useMemo(() => ({ ...defaults(), ...chartFiltersOf(search) }), [defaults, search]);
  const [filters, setFilters] = useState<Filters>(start);
  useEffect(() => setFilters(start), [start]);
  useEffect(() => recordRecent(pathname), [pathname]);

  const query = useQuery({
    queryKey: [FEE_CHARTS, chart, filters],
    queryFn: () => chartCall(chart, filters),
    placeholderData: (previous) => previous,
    // The refusal ('按日统计不能超过92天') is shown above the chart; asking again would not change it.
    retry: false,
  });
  const data = query.data;
  const title0 = typeof nameTitle === 'function' ? nameTitle(filters) : nameTitle;
  const columns = useMemo(() => tableColumns(data?.Table ?? [], title0), [data, title0]);
  // Built once per answer and filter set, so a refetch or a re-render does not reset a chart's zoom.
  const body = useMemo(() => {
    const open = (link: string | null) => {
      if (link) void navigate(link);
    };
    return data ? children(data, filters, open) : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- children is a fresh arrow on every render
  }, [data, filters, navigate]);

  return (
    <Card size="small" title={title}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <ChartFilters value={filters} onChange={setFilters} window={window} granularity={granularity} />
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            刷新
          </Button>
          <Auth btn="export">
            <ExportButton call={`/FeeChart/${chart}Export`} params={filters} fileName={title} disabled={!data} />
          </Auth>
        </Space>
      </Space>
      {query.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={(query.error as Error).message} />
      )}
      {!query.isError && body}
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="Name"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.isError ? [] : (data?.Table ?? [])}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={`${title}数据表`}
        summary={(rows) => {
          if (rows.length < 2) return null;
          const totals = tableTotals([...rows]);
          return (
            <Table.Summary.Row className="chart-sum-row">
              {columns.map((c, i) => {
                const field = String(c.dataIndex);
                const value = totals[field];
                const render = c.render as ((v: unknown) => ReactNode) | undefined;
                return (
                  <Table.Summary.Cell key={field} index={i} align={c.align}>
                    <strong>{i === 0 ? '合计' : value === undefined ? '' : (render?.(value) ?? String(value))}</strong>
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          );
        }}
      />
    </Card>
  );
}
