export const pages = {
  '/attendance/settings': () => import('./settings'),
  '/attendance/editsetting': () => import('./editsetting'),
  '/attendance/clockinlist': () => import('./clockinlist'),
  '/attendance/statistics': () => import('./statistics'),
};
