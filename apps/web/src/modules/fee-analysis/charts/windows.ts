import dayjs from 'dayjs';

/** Default windows of the charts (the server defaults to today; a chart reads better over a month). */
export const monthToDate = () => ({
  DateFrom: dayjs().startOf('month').format('YYYY-MM-DD'),
  DateTo: dayjs().format('YYYY-MM-DD'),
});
export const last30Days = () => ({
  DateFrom: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
  DateTo: dayjs().format('YYYY-MM-DD'),
  Granularity: 1,
});
export const thisYearPeriods = () => ({
  PeriodFrom: dayjs().startOf('year').format('YYYY-MM'),
  PeriodTo: dayjs().format('YYYY-MM'),
});
export const noWindow = () => ({});
