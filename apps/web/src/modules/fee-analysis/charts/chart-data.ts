import { request } from '../../../app/request';

/** A pie slice as the chart calls answer it. */
export interface PieDatum {
  Name: string;
  Value: number;
}

/** One series of a chart answer: axis series hold numbers in Categories order (rates 0–1 or null). */
export interface ChartSeries {
  Name: string;
  Type: 'bar' | 'line' | 'pie';
  Data: (number | null)[] | PieDatum[];
}

export type TableRow = Record<string, unknown> & { Name: string };

/** /api/FeeChart/<Chart> (domain/fee-reports.md "Charts"). */
export interface ChartData {
  Categories: string[];
  Series: ChartSeries[];
  Table: TableRow[];
  Kpis: Record<string, string | number | null>;
}

export type ChartName = 'CostOverview' | 'MoneyCollect' | 'CommunityCollect' | 'ItemCollect' | 'PayTypeCollect';

export const FEE_CHARTS = 'fee-charts';

export const chartCall = (name: ChartName, params: Record<string, unknown>) =>
  request<ChartData>(`/FeeChart/${name}`, params, { json: true, silent: true });

export const isPie = (s: ChartSeries): s is ChartSeries & { Data: PieDatum[] } => s.Type === 'pie';
export const axisSeries = (data: ChartData) =>
  data.Series.filter((s): s is ChartSeries & { Data: (number | null)[] } => s.Type !== 'pie');
export const pieSeries = (data: ChartData) => data.Series.filter(isPie);
