export const pages = {
  '/news/index': () => import('./news-page'),
  '/news/detail': () => import('./notice-detail-page'),
};
