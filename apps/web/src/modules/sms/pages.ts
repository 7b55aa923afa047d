export const pages = {
  '/sms/sendgroupmsg': () => import('./sendgroupmsg'),
  '/sms/sendreclist': () => import('./sendreclist'),
  '/sms/chargereclist': () => import('./chargereclist'),
};
