import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { LazyChart, linkUrl, type ReportColumn, type ReportContext, ReportPage, type ReportDefinition } from '../kit';
import { groupOptions, reportPath, type Row, rowFilters } from '../labels';

/** The 账龄 bands of domain/fee-reports.md, with their API field stems (Age0To30Money / Age0To30Rooms …). */
const BANDS = [
  { code: 1, title: '0-30天', stem: 'Age0To30' },
  { code: 2, title: '31-90天', stem: 'Age31To90' },
  { code: 3, title: '91-180天', stem: 'Age91To180' },
  { code: 4, title: '181-365天', stem: 'Age181To365' },
  { code: 5, title: '365天以上', stem: 'AgeOver365' },
];
const COLOURS = ['#91cc75', '#fac858', '#fc8452', '#ee6666', '#9a60b4'];

const toBand = (code: number | undefined) => (r: Row) => ({
  path: reportPath('qjmx'),
  params: { ...rowFilters(r), ...(code ? { AgeBand: code } : {}) },
});

const columns: ReportColumn<Row>[] = [
  { title: '分组', dataIndex: 'GroupName', fixed: 'left' },
  ...BANDS.map((b): ReportColumn<Row> => ({
    title: b.title,
    children: [
      { title: '户数', dataIndex: `${b.stem}Rooms` },
      { title: '金额', dataIndex: `${b.stem}Money`, link: toBand(b.code) },
    ],
  })),
  {
    title: '合计',
    children: [
      { title: '户数', dataIndex: 'TotalRooms' },
      { title: '金额', dataIndex: 'TotalMoney', link: toBand(undefined) },
    ],
  },
];

/** The stacked bar above the table: each group's arrears split by band; a bar opens those bills in 欠缴明细表. */
function AgeingChart({ ctx }: { ctx: ReportContext<Row> }) {
  const navigate = useNavigate();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 60, right: 24, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: ctx.rows.map((r) => String(r.GroupName ?? '')) },
      yAxis: { type: 'value', name: '元' },
      series: BANDS.map((b, i) => ({
        name: b.title,
        type: 'bar',
        stack: 'age',
        color: COLOURS[i],
        emphasis: { focus: 'series' },
        data: ctx.rows.map((r) => Number(r[`${b.stem}Money`] ?? 0)),
      })),
    }),
    [ctx.rows],
  );
  if (ctx.rows.length === 0) return null;
  return (
    <LazyChart
      label="欠缴账龄分布"
      height={260}
      option={option}
      onClick={(e) => {
        const row = ctx.rows[e.dataIndex];
        const band = BANDS.find((b) => b.title === e.seriesName);
        if (row && band) navigate(linkUrl(toBand(band.code)(row), ctx.filters));
      }}
    />
  );
}

/** 欠缴账龄分析表 (时长分级): overdue money on 截止日期 by age, a room in the band of its oldest overdue bill. */
export const qjhzscfj: ReportDefinition<Row> = {
  name: 'QjhzScfj',
  title: '欠缴账龄分析表',
  filters: ['communities', 'building', 'items', 'category', 'asOf'],
  extra: [{ name: 'GroupBy', label: '汇总', type: 'select', options: groupOptions([2, 3, 1]), initial: 2, width: 100 }],
  columns,
  above: (ctx) => <AgeingChart ctx={ctx} />,
};

export default function QjhzScfjPage() {
  return <ReportPage def={qjhzscfj} />;
}
