import { describe, expect, it } from 'vitest';
import type { ChartData } from './chart-data';
import { rateText } from './chart-format';
import { communityLink, payTypeLink, reportLink, trendLink, windowOf } from './chart-links';
import {
  barLineOption,
  byRate,
  communityOption,
  donutOption,
  nestedPieOption,
  sliceSumFen,
  stackedMonthsOption,
  topWithOther,
  trendOption,
  averageText,
} from './chart-options';
import { tableColumns, tableTotals } from './table-columns';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const months = ['2026-09', '2026-10', '2026-11'];
const overview: ChartData = {
  Categories: months,
  Series: [
    { Name: '应收', Type: 'bar', Data: [100, 200, 300] },
    { Name: '实收', Type: 'bar', Data: [90, 150, 30] },
    { Name: '收费率', Type: 'line', Data: [0.9, 0.75, 0.1] },
    { Name: '欠缴账龄', Type: 'pie', Data: [{ Name: '0-30', Value: 10 }] },
  ],
  Table: [],
  Kpis: {},
};

describe('fee chart option builders', () => {
  it('every chart has the toolbox with saveAsImage and dataView', () => {
    for (const o of [barLineOption(overview, 'x'), trendOption(overview, 'x'), donutOption([], 'x')] as Opt[]) {
      expect(Object.keys(o.toolbox.feature).sort()).toEqual(['dataView', 'saveAsImage']);
    }
  });

  it('收费概览 draws 应收/实收 as bars and 收费率 as a line on a right % axis; the pie is left out', () => {
    const o = barLineOption(overview, '收费概览') as Opt;
    expect(o.series.map((s: Opt) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['应收', 'bar', 0],
      ['实收', 'bar', 0],
      ['收费率', 'line', 1],
    ]);
    expect(o.yAxis[1].max).toBe(1);
    expect(o.yAxis[1].axisLabel.formatter(0.5)).toBe('50%');
  });

  it('收款趋势图 is smooth area lines with dataZoom and an average markLine', () => {
    const o = trendOption({ ...overview, Series: [{ Name: '资金收款', Type: 'line', Data: [1, 2, 3] }] }, 't') as Opt;
    expect(o.dataZoom.map((z: Opt) => z.type)).toEqual(['inside', 'slider']);
    expect(o.series[0]).toMatchObject({ type: 'line', smooth: true, areaStyle: {} });
    expect(o.series[0].markLine.data).toEqual([{ type: 'average', name: '平均' }]);
    // The averages are in the legend; a line's own label shows only while pointed at, so close averages never overlap.
    expect(o.legend.formatter('资金收款')).toBe('资金收款  均 2.00');
    expect(o.series[0].markLine.label.show).toBe(false);
    expect(o.series[0].markLine.emphasis.label.show).toBe(true);
    expect(o.series[0].markLine.label.position).toBe('insideEndTop');
    expect(o.series[0].markLine.label.formatter({ value: 1512.64 })).toBe('资金收款 平均 1,512.64');
  });

  it('the average of a series is exact in fen', () => {
    expect(averageText([0.1, 0.2, 0.3])).toBe('0.20');
    expect(averageText([1234.5, 1000])).toBe('1,117.25');
    expect(averageText([])).toBe('-');
  });

  it('小区收费对比图 is a horizontal grouped bar sorted by rate, highest on top, labelled with the rate', () => {
    const data: ChartData = {
      Categories: ['A', 'B', 'C'],
      Series: [
        { Name: '应收', Type: 'bar', Data: [100, 100, 100] },
        { Name: '实收', Type: 'bar', Data: [50, 99, 0] },
      ],
      Table: [
        { Name: 'A', CollectRate: 0.5 },
        { Name: 'B', CollectRate: 0.99 },
        { Name: 'C', CollectRate: null },
      ],
      Kpis: {},
    };
    const o = communityOption(data, 'c') as Opt;
    expect(o.yAxis.type).toBe('category');
    expect(o.yAxis.data).toEqual(['C', 'A', 'B']);
    expect(o.series[1].data).toEqual([0, 50, 99]);
    expect(o.series[1].label.formatter({ dataIndex: 2 })).toBe('收费率 99.00%');
    expect(o.series[1].label.formatter({ dataIndex: 0 })).toBe('收费率 -');
    expect(o.series[0].label.show).toBe(false);
  });

  it('byRate keeps the server order among equal rates', () => {
    expect(byRate(['a', 'b', 'c'], [0.5, 0.5, 0.1])).toEqual([2, 0, 1]);
  });

  it('收费项目构成图 keeps the top 8 items and sums the rest exactly as 其他', () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ Name: `项${i}`, Value: i + 0.1 }));
    const top = topWithOther(items);
    expect(top).toHaveLength(9);
    expect(top[0]!.Name).toBe('项10');
    expect(top[8]).toEqual({ Name: '其他', Value: 0.3 + 3 });
    expect(sliceSumFen(top)).toBe(sliceSumFen(items));
    expect(topWithOther(items.slice(0, 9))).toHaveLength(9);
  });

  it('收费项目构成图 nests 类别 inside the item donut and shows amount and % in the legend', () => {
    const data: ChartData = {
      Categories: [],
      Series: [
        { Name: '类别', Type: 'pie', Data: [{ Name: '物业费', Value: 300 }] },
        {
          Name: '收费项目',
          Type: 'pie',
          Data: [
            { Name: '物业服务费', Value: 225 },
            { Name: '公摊电费', Value: 75 },
          ],
        },
      ],
      Table: [],
      Kpis: {},
    };
    const o = nestedPieOption(data, 'n') as Opt;
    expect(o.series.map((s: Opt) => s.name)).toEqual(['类别', '收费项目']);
    expect(o.series[0].radius[1]).toBe('32%');
    expect(o.legend.formatter('公摊电费')).toBe('公摊电费  75.00  25.00%');
  });

  it('收款方式 stacks one bar layer per method over the months', () => {
    const data: ChartData = {
      Categories: months,
      Series: [
        { Name: '收款方式', Type: 'pie', Data: [{ Name: '现金', Value: 1 }] },
        { Name: '现金', Type: 'bar', Data: [1, 2, 3] },
        { Name: '微信', Type: 'bar', Data: [4, 5, 6] },
      ],
      Table: [],
      Kpis: {},
    };
    const o = stackedMonthsOption(data, 's') as Opt;
    expect(o.series.map((s: Opt) => [s.name, s.stack])).toEqual([
      ['现金', '收款方式'],
      ['微信', '收款方式'],
    ]);
    expect((donutOption([{ Name: '现金', Value: 300 }], 'd') as Opt).series[0].radius).toEqual(['38%', '60%']);
  });

  it('sums slices in fen, so 300 + 60.1 + 0.2 is exact', () => {
    expect(
      sliceSumFen([
        { Name: 'a', Value: 300 },
        { Name: 'b', Value: 60.1 },
        { Name: 'c', Value: 0.2 },
      ]),
    ).toBe(36030);
  });
});

describe('fee chart links and table', () => {
  it('opens the detail report narrowed to what was clicked', () => {
    expect(windowOf('2026-02')).toEqual({ DateFrom: '2026-02-01', DateTo: '2026-02-28' });
    const f = (url: string | null) => [
      url?.split('?')[0],
      JSON.parse(new URLSearchParams(url?.split('?')[1]).get('f') ?? '{}'),
    ];
    expect(f(trendLink({ name: '2026-11-03', dataIndex: 0 }, { CommunityIds: [1, 2] }))).toEqual([
      '/chargemanage/synthetical/costdetails',
      { CommunityIds: [1, 2], DateFrom: '2026-11-03', DateTo: '2026-11-03' },
    ]);
    const pie = { name: '微信', seriesType: 'pie', dataIndex: 1 };
    expect(f(payTypeLink(pie, { DateFrom: '2026-11-01', DateTo: '2026-11-24' }))).toEqual([
      '/chargemanage/synthetical/costdetails',
      { DateFrom: '2026-11-01', DateTo: '2026-11-24', Methods: [2] },
    ]);
    const data: ChartData = { Categories: [], Series: [], Table: [{ Name: '阳光花园', CommunityId: 7 }], Kpis: {} };
    expect(
      f(communityLink({ name: '阳光花园', dataIndex: 0 }, { PeriodFrom: '2026-01', PeriodTo: '2026-11' }, data)),
    ).toEqual(['/chargemanage/chargerec/yjmx', { CommunityIds: [7], PeriodFrom: '2026-01', PeriodTo: '2026-11' }]);
    expect(reportLink('/x', { A: [], B: '' })).toBe('/x');
  });

  it('titles the table from the measure fields, shows rates as % and hides ids', () => {
    const cols = tableColumns(
      [{ Name: '现金', Method: 1, MethodName: '现金', NetMoney: '300.00', Share: 0.8333 }],
      '收款方式',
    );
    expect(cols.map((c) => c.title)).toEqual(['收款方式', '净额', '占比']);
    expect((cols[2]!.render as (v: unknown) => string)(0.8333)).toBe('83.33%');
    expect((cols[1]!.render as (v: unknown) => string)('12345.5')).toBe('12,345.50');
    expect(rateText(null)).toBe('-');
  });

  it('the table 合计 sums money in fen and recomputes 收费率 from the sums', () => {
    const rows = [
      { Name: '2026-10', PeriodDueMoney: '100.10', PeriodPaidMoney: '80.20', CollectRate: 0.8012 },
      { Name: '2026-11', PeriodDueMoney: '0.20', PeriodPaidMoney: '0.10', CollectRate: 0.5 },
    ];
    expect(tableTotals(rows)).toEqual({
      Name: '合计',
      PeriodDueMoney: '100.30',
      PeriodPaidMoney: '80.30',
      CollectRate: 0.8006,
    });
    const methods = [
      { Name: '现金', PayCount: 2, NetMoney: '0.10', Share: 0.3333 },
      { Name: '微信', PayCount: 1, NetMoney: '0.20', Share: 0.6667 },
    ];
    // 笔数 by method is not summed: a receipt paid two ways is under both.
    expect(tableTotals(methods)).toEqual({ Name: '合计', NetMoney: '0.30', Share: 1 });
  });
});
