export const pages = {
  '/chargemanage/itemlist': () => import('./items'),
  '/chargemanage/moyitem/itemaddedit': () => import('./item-form'),
  '/chargemanage/moyitem/standardaddedit': () => import('./standard-form'),
  '/chargemanage/meterReading': () => import('./meter-readings'),
  '/chargemanage/addMeterReading': () => import('./meter-grid'),
};
