export const pages = {
  '/chargemanage/paycost': () => import('./paycost'),
  '/chargemanage/payrec': () => import('./payrec'),
  '/chargemanage/deposit': () => import('./deposit'),
  '/chargemanage/nopay': () => import('./nopay'),
  '/chargemanage/electric': () => import('./electric'),
};
