import { Empty, Radio, Space } from 'antd';
import '../fee-analysis.css';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCommunityOptions } from '../../../components/pickers';
import { cellText, linkParams, ReportPage, type ReportColumn, type ReportDefinition } from '../../fee-reports/kit';
import { MONTH_STATE_TONES } from './tones';

type Row = Record<string, unknown>;

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const MEASURES = ['', '应收', '实收', '欠缴'];
const YEARS = () => {
  const now = new Date().getFullYear();
  return Array.from({ length: 6 }, (_, i) => ({ value: now - i, label: `${now - i}年` }));
};

/** A month cell: the Measure's money, on its state's colour under 按账期 (rows then carry M01State…). */
function monthCell(month: string) {
  return (v: unknown, row: Row) => {
    const tone = MONTH_STATE_TONES[Number(row[`M${month}State`] ?? 4)];
    const text = cellText('money', v);
    if (!tone) return text;
    return (
      <span title={tone.label} className="annual-cell" style={{ color: tone.color, background: tone.background }}>
        {text}
      </span>
    );
  };
}

/** 1月…12月 of the chosen 指标, then the year's 应收, 实收, 欠缴 and 收费率. */
export function annualColumns(lead: ReportColumn<Row>[], basis: number, measure: number): ReportColumn<Row>[] {
  return [
    ...lead,
    {
      title: `${MEASURES[measure] ?? ''}（${basis === 2 ? '按收款日期' : '按账期'}）`,
      children: MONTHS.map((m) => ({
        title: `${Number(m)}月`,
        dataIndex: `M${m}Money`,
        render: basis === 1 ? monthCell(m) : undefined,
      })),
    },
    { title: '全年应收', dataIndex: 'YearDueMoney' },
    { title: '全年实收', dataIndex: 'YearPaidMoney' },
    { title: '全年欠缴', dataIndex: 'YearArrearsMoney' },
    { title: '收费率', dataIndex: 'CollectRate' },
  ];
}

const legend = (
  <Space className="report-note" style={{ marginBottom: 8 }}>
    按账期：
    {[1, 2, 3, 0].map((s) => {
      const t = MONTH_STATE_TONES[s]!;
      return (
        <span key={s} className="annual-cell" style={{ color: t.color, background: t.background }}>
          {t.label}
        </span>
      );
    })}
  </Space>
);

/**
 * The annual reports (a row per room, 小区 or item). 年度 is an extra filter; 口径 and 指标 switch at once in the
 * toolbar, and 按收款日期 allows only 实收 (the domain's rule), so choosing it moves 指标 to 实收.
 */
export function AnnualReport({
  name,
  title,
  lead,
  oneCommunity,
  paged,
}: {
  name: string;
  title: string;
  lead: ReportColumn<Row>[];
  oneCommunity?: boolean;
  paged?: boolean;
}) {
  const [basis, setBasis] = useState(1);
  const [measure, setMeasure] = useState(1);
  const def = useMemo<ReportDefinition<Row>>(
    () => ({
      name,
      title,
      paged,
      filters: oneCommunity ? ['community', 'building', 'category'] : ['communities', 'category'],
      extra: [
        {
          name: 'Year',
          label: '年度',
          type: 'select',
          options: YEARS(),
          initial: new Date().getFullYear(),
          width: 110,
        },
      ],
      fixed: { Basis: basis, Measure: measure },
      columns: annualColumns(lead, basis, measure),
      toolbar: () => (
        <Space wrap>
          <span>口径</span>
          <Radio.Group
            aria-label="口径"
            optionType="button"
            value={basis}
            options={[
              { value: 1, label: '按账期' },
              { value: 2, label: '按收款日期' },
            ]}
            onChange={(e) => {
              const b = Number(e.target.value);
              setBasis(b);
              if (b === 2) setMeasure(2);
            }}
          />
          <span>指标</span>
          <Radio.Group
            aria-label="指标"
            optionType="button"
            value={measure}
            options={[1, 2, 3].map((m) => ({ value: m, label: MEASURES[m]!, disabled: basis === 2 && m !== 2 }))}
            onChange={(e) => setMeasure(Number(e.target.value))}
          />
        </Space>
      ),
      above: () => (basis === 1 ? legend : null),
    }),
    [name, title, paged, oneCommunity, lead, basis, measure],
  );
  return oneCommunity ? <WithCommunity def={def} /> : <ReportPage def={def} />;
}

/**
 * 房屋年度收费表 needs one 小区 ('请选择小区'): opened without one, it starts on the user's first 小区 (through the
 * kit's `?f=`), rather than asking the server for nothing.
 */
function WithCommunity({ def }: { def: ReportDefinition<Row> }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const communities = useCommunityOptions();
  const given = linkParams(search);
  const has = !!(given.CommunityId ?? (Array.isArray(given.CommunityIds) && given.CommunityIds.length));
  const first = communities.data?.[0]?.Id;
  useEffect(() => {
    if (!has && first)
      void navigate(`${pathname}?f=${encodeURIComponent(JSON.stringify({ ...given, CommunityId: first }))}`, {
        replace: true,
      });
  }, [has, first]); // eslint-disable-line react-hooks/exhaustive-deps
  if (has) return <ReportPage def={def} />;
  return communities.isSuccess && !first ? <Empty description="没有可查看的小区" /> : null;
}
