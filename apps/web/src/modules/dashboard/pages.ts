export const pages = {
  '/dashboard': () => import('./dashboard-page'),
};
