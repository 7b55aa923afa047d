export { FEE_REPORTS, reportExportCall, reportList, reportSum, useFeeItemOptions, categoryOptions } from './api';
export { readRecent, recordRecent } from './recent';
export { ReportFilters } from './report-filters';
export {
  cellText,
  formatRate,
  fromParams,
  initialValues,
  kindOf,
  linkParams,
  linkUrl,
  REPORT_PAGE_SIZES,
  toParams,
} from './report-logic';
export { ReportPage } from './report-page';
export { SumRow, useReportColumns } from './report-table';
export { keyedRows } from './rows';
export type {
  CellKind,
  CommonFilter,
  ExtraFilter,
  ReportColumn,
  ReportContext,
  ReportDefinition,
  ReportLink,
} from './types';
export { ReportPrint, ReportPrintButton, type ReportPrintProps } from './report-print';
export { type ChartClick, LazyChart } from './lazy-chart';
