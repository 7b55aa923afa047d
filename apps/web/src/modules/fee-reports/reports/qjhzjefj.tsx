import { ReportPage, type ReportColumn, type ReportDefinition } from '../kit';
import { groupOptions, reportPath, type Row, rowFilters } from '../labels';

export const DEFAULT_BANDS = [500, 1000, 3000, 5000, 10000];

/** '500, 1000，3000' → [500, 1000, 3000]; the server checks the order ('分级金额须递增'). */
export function parseBands(text: unknown): number[] | undefined {
  if (Array.isArray(text)) return text.map(Number);
  if (typeof text !== 'string' || !text.trim()) return undefined;
  return text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);
}

/** Band k of n thresholds: below t1, [t(k−1), t(k)), then from tn. */
export function bandTitles(bands: readonly number[]): string[] {
  if (bands.length === 0) return ['全部'];
  return [`${bands[0]}以下`, ...bands.slice(1).map((t, i) => `${bands[i]}-${t}`), `${bands[bands.length - 1]}及以上`];
}

const toQjmx = (r: Row) => ({ path: reportPath('qjmx'), params: rowFilters(r) });

function columns(f: Record<string, unknown>): ReportColumn<Row>[] {
  const bands = Array.isArray(f.Bands) ? (f.Bands as number[]) : DEFAULT_BANDS;
  return [
    { title: '分组', dataIndex: 'GroupName', fixed: 'left' },
    ...bandTitles(bands).map((title, i): ReportColumn<Row> => ({
      title,
      children: [
        { title: '户数', dataIndex: `Band${i + 1}Rooms` },
        { title: '金额', dataIndex: `Band${i + 1}Money` },
      ],
    })),
    {
      title: '合计',
      children: [
        { title: '户数', dataIndex: 'TotalRooms' },
        { title: '金额', dataIndex: 'TotalMoney', link: toQjmx },
      ],
    },
  ];
}

/** 欠缴金额分级表: each room's overdue total put in an amount band, counted per 楼栋 (or 项目/小区). */
export const qjhzjefj: ReportDefinition<Row> = {
  name: 'QjhzJefj',
  title: '欠缴金额分级表',
  filters: ['communities', 'building', 'items', 'category', 'asOf'],
  extra: [
    { name: 'GroupBy', label: '汇总', type: 'select', options: groupOptions([2, 3, 1]), initial: 2, width: 100 },
    { name: 'Bands', label: '分级（元）', initial: DEFAULT_BANDS.join(','), width: 200 },
  ],
  transform: (p) => ({ ...p, Bands: parseBands(p.Bands) }),
  columns,
};

export default function QjhzJefjPage() {
  return <ReportPage def={qjhzjefj} />;
}
