import { fenToMoney } from '@linli/shared';
import type { EChartsCoreOption } from 'echarts/core';
import { type ChartData, type PieDatum, axisSeries, pieSeries } from './chart-data';
import { fenOfYuan, moneyText, rateText, shareText } from './chart-format';

/**
 * Pure builders from a /api/FeeChart answer to an ECharts option (unit-tested; no ECharts import here, so they cost
 * nothing until a chart screen loads). Money arrives in yuan as numbers; rates as 0–1 or null.
 */

const PALETTE = ['#18ceb4', '#5470c6', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

/** saveAsImage + dataView on every chart (domain: "Every chart has the ECharts toolbox"). */
export function toolbox(title: string) {
  return {
    right: 8,
    top: 0,
    feature: {
      dataView: { readOnly: true, title: '数据视图', lang: ['数据视图', '关闭', '刷新'] },
      saveAsImage: { title: '保存为图片', name: title },
    },
  };
}

const isRateName = (name: string) => name.includes('率');
const percentAxis = (v: number) => `${Math.round(v * 100)}%`;
const moneyTip = (v: unknown) => (typeof v === 'number' ? moneyText(v) : '-');
const rateTip = (v: unknown) => (typeof v === 'number' ? rateText(v) : '-');

/** Bars of money on the left axis and rate lines on a right % axis (收费概览 12 months). */
export function barLineOption(data: ChartData, title: string): EChartsCoreOption {
  const series = axisSeries(data);
  const hasRate = series.some((s) => isRateName(s.Name));
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: { trigger: 'axis' },
    legend: { top: 24 },
    grid: { left: 56, right: hasRate ? 56 : 24, top: 64, bottom: 32 },
    xAxis: { type: 'category', data: data.Categories },
    yAxis: [
      { type: 'value', name: '金额(元)' },
      ...(hasRate ? [{ type: 'value', name: '收费率', min: 0, max: 1, axisLabel: { formatter: percentAxis } }] : []),
    ],
    series: series.map((s) =>
      isRateName(s.Name)
        ? { name: s.Name, type: 'line', yAxisIndex: 1, data: s.Data, tooltip: { valueFormatter: rateTip } }
        : { name: s.Name, type: s.Type, yAxisIndex: 0, data: s.Data, tooltip: { valueFormatter: moneyTip } },
    ),
  };
}

const pieData = (rows: PieDatum[]) => rows.map((r) => ({ name: r.Name, value: r.Value }));

/** A donut (欠缴 by 账龄, 收款方式): labels and tooltip show the amount and its share. */
export function donutOption(
  rows: PieDatum[],
  title: string,
  { center = ['50%', '55%'] as [string, string], legend = true } = {},
): EChartsCoreOption {
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${moneyText(p.value)}（${p.percent}%）`,
    },
    legend: legend ? { bottom: 0, type: 'scroll' } : undefined,
    series: [donutSeries(title, rows, center)],
  };
}

function donutSeries(name: string, rows: PieDatum[], center: [string, string]) {
  return {
    name,
    type: 'pie',
    radius: ['38%', '60%'],
    center,
    avoidLabelOverlap: true,
    label: { formatter: '{b}\n{d}%', overflow: 'none' },
    data: pieData(rows),
  };
}

/** The mean of a series' points in yuan, from whole fen (2 decimals). */
export function averageText(values: (number | null)[]): string {
  if (!values.length) return '-';
  const fen = values.reduce<number>((n, v) => n + fenOfYuan(v), 0);
  return moneyText(fenToMoney(Math.round(fen / values.length)));
}

/**
 * 收款趋势图: smooth area lines with dataZoom and each series' average as a dashed markLine. The averages are named in
 * the legend ('资金收款 均 1,234.50'): four labels at the lines' ends overlapped whenever two averages were close
 * (walk), so a line's label shows only while it is pointed at.
 */
export function trendOption(data: ChartData, title: string): EChartsCoreOption {
  const series = axisSeries(data);
  const averages = new Map(series.map((s) => [s.Name, averageText(s.Data)]));
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: { trigger: 'axis', valueFormatter: moneyTip },
    legend: { top: 4, formatter: (name: string) => `${name}  均 ${averages.get(name) ?? '-'}` },
    grid: { left: 64, right: 32, top: 48, bottom: 72 },
    xAxis: { type: 'category', boundaryGap: false, data: data.Categories },
    yAxis: { type: 'value', name: '金额(元)' },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 16 }],
    series: series.map((s) => ({
      name: s.Name,
      type: 'line',
      smooth: true,
      showSymbol: data.Categories.length <= 31,
      areaStyle: { opacity: 0.15 },
      data: s.Data,
      markLine: {
        symbol: 'none',
        data: [{ type: 'average', name: '平均' }],
        // Inside the plot's right end: a label past the end was cut off by the chart's edge.
        label: {
          show: false,
          position: 'insideEndTop',
          formatter: (p: { value?: unknown }) => `${s.Name} 平均 ${moneyText(String(p.value ?? ''))}`,
        },
        emphasis: { label: { show: true } },
      },
    })),
  };
}

/** Categories (小区) reordered by rate, lowest first: a horizontal bar chart draws the first at the bottom. */
export function byRate(categories: string[], rates: (number | null)[]): number[] {
  return categories.map((_, i) => i).sort((a, b) => (rates[a] ?? -1) - (rates[b] ?? -1) || a - b);
}

/** 小区收费对比图: horizontal grouped bars 应收 vs 实收 per 小区, labelled with 收费率, sorted by rate. */
export function communityOption(data: ChartData, title: string): EChartsCoreOption {
  const all = axisSeries(data);
  const rateSeries = all.find((s) => isRateName(s.Name));
  const rates: (number | null)[] =
    rateSeries?.Data ??
    data.Categories.map((c) => {
      const r = data.Table.find((row) => row.Name === c)?.CollectRate;
      return r === null || r === undefined ? null : Number(r);
    });
  const order = byRate(data.Categories, rates);
  const bars = all.filter((s) => !isRateName(s.Name));
  const last = bars.length - 1;
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: moneyTip },
    legend: { top: 4 },
    grid: { left: 8, right: 96, top: 40, bottom: 24, containLabel: true },
    xAxis: { type: 'value', name: '元' },
    yAxis: { type: 'category', data: order.map((i) => data.Categories[i]) },
    series: bars.map((s, k) => ({
      name: s.Name,
      type: 'bar',
      data: order.map((i) => s.Data[i]),
      // The rate label sits at the end of the last bar of each group.
      label:
        k === last
          ? {
              show: true,
              position: 'right',
              formatter: (p: { dataIndex: number }) => `收费率 ${rateText(rates[order[p.dataIndex] ?? -1])}`,
            }
          : { show: false },
    })),
  };
}

/** The outer ring of 收费项目构成图: the largest `keep` items, the rest summed (in fen) as 其他. */
export function topWithOther(rows: PieDatum[], keep = 8): PieDatum[] {
  const sorted = [...rows].sort((a, b) => b.Value - a.Value);
  if (sorted.length <= keep + 1) return sorted;
  const restFen = sorted.slice(keep).reduce((sum, r) => sum + fenOfYuan(r.Value), 0);
  return [...sorted.slice(0, keep), { Name: '其他', Value: restFen / 100 }];
}

/** 收费项目构成图: inner ring by 类别, outer donut by item (top 8 + 其他); the legend shows amount and %. */
export function nestedPieOption(data: ChartData, title: string): EChartsCoreOption {
  const pies = pieSeries(data);
  const inner = pies.find((s) => s.Name.includes('类别')) ?? (pies.length > 1 ? pies[0] : undefined);
  const outer = pies.find((s) => s !== inner) ?? pies[0];
  const items = outer ? topWithOther(outer.Data) : [];
  const totalFen = items.reduce((sum, r) => sum + fenOfYuan(r.Value), 0);
  const byName = new Map(items.map((r) => [r.Name, fenOfYuan(r.Value)]));
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; name: string; value: number; percent: number }) =>
        `${p.seriesName}<br/>${p.name}：${moneyText(p.value)}（${p.percent}%）`,
    },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      right: 8,
      top: 40,
      bottom: 8,
      data: items.map((r) => r.Name),
      formatter: (name: string) =>
        `${name}  ${moneyText((byName.get(name) ?? 0) / 100)}  ${shareText(byName.get(name) ?? 0, totalFen)}`,
    },
    series: [
      ...(inner
        ? [
            {
              name: inner.Name,
              type: 'pie',
              radius: [0, '32%'],
              center: ['35%', '55%'],
              // A thin slice's name inside the ring would cover its neighbours'; the legend and tooltip still name it.
              label: {
                position: 'inner',
                formatter: (p: { name: string; percent: number }) => (p.percent >= 5 ? p.name : ''),
              },
              data: pieData(inner.Data),
            },
          ]
        : []),
      {
        name: outer?.Name ?? '收费项目',
        type: 'pie',
        radius: ['45%', '65%'],
        center: ['35%', '55%'],
        label: { formatter: '{b}\n{d}%' },
        data: pieData(items),
      },
    ],
  };
}

/** 收款方式构成图, right part: a stacked column per month, one stack layer per method. */
export function stackedMonthsOption(data: ChartData, title: string): EChartsCoreOption {
  return {
    color: PALETTE,
    toolbox: toolbox(title),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: moneyTip },
    legend: { top: 4, type: 'scroll' },
    grid: { left: 64, right: 24, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: data.Categories },
    yAxis: { type: 'value', name: '金额(元)' },
    series: axisSeries(data).map((s) => ({ name: s.Name, type: 'bar', stack: '收款方式', data: s.Data })),
  };
}

/** Σ of pie slices in exact fen (the acceptance check: 收款方式 slices = 收款方式汇总表 合计). */
export const sliceSumFen = (rows: PieDatum[]) => rows.reduce((sum, r) => sum + fenOfYuan(r.Value), 0);
