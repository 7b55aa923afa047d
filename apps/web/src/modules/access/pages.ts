export const pages = {
  '/cardmanage/cardList': () => import('./cards'),
  '/cardmanage/cardusereclist': () => import('./card-records'),
  '/cardmanage/roadwaylist': () => import('./lanes'),
  '/cardmanage/roadway/roadwayaddedit': () => import('./lanes/lane-form'),
  '/cardmanage/carreclist': () => import('./car-records'),
};
