export const pages = {
  '/household/list': () => import('./list'),
  '/household/facedata': () => import('./facedata'),
};
