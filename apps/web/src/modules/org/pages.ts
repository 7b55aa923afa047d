export const pages = {
  '/CmpManage/cmpinfo': () => import('./cmpinfo'),
  '/CmpManage/DptList': () => import('./dpt-list'),
};
