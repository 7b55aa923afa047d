export const pages = {
  '/housemanage/communitylist': () => import('./communities'),
  '/housemanage/communityaddedit': () => import('./community-form'),
  '/housemanage/buildinglist': () => import('./buildings'),
  '/housemanage/buildingaddedit': () => import('./building-form'),
  '/housemanage/houselist': () => import('./rooms'),
  '/housemanage/house/houseaddedit': () => import('./room-form'),
  '/housemanage/reservationlist': () => import('./reservations'),
};
