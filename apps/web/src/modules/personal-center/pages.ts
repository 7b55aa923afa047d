export const pages = {
  '/personalCenter/index': () => import('./personal-center-page'),
};
