export const pages = {
  '/car/parking': () => import('./lots'),
  '/car/place': () => import('./places'),
  '/car/place/create': () => import('./place-form'),
  '/car/place/edit/:id': () => import('./place-form'),
  '/car/vehicle': () => import('./vehicles'),
  '/car/vehicle/create': () => import('./vehicle-form'),
  '/car/vehicle/addEdit': () => import('./vehicle-form'),
};
