export const pages = {
  '/personnel/author': () => import('./author'),
  '/personnel/management': () => import('./management'),
  '/personnel/archives': () => import('./archives'),
  '/personnel/createArchives': () => import('./archive-form'),
  '/personnel/editArchives/:id': () => import('./archive-form'),
};
