import { jsonArray } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { customPrefs, getCustom, saveCustom } from './custom.service';
import { deskData, MAX_OFTEN, roleFunctions, saveOftenFuncs } from './desktop.service';

export const desktopCalls = [
  call({ path: '/MyDeskTop/GetRoleFunction', reads: true, handler: (_b, { deps, auth }) => roleFunctions(deps, auth) }),
  call({
    path: '/MyDeskTop/UpdateOftenFunc',
    self: true,
    body: z.object({ Paths: jsonArray(z.string().max(120), { max: MAX_OFTEN, maxMessage: '最多设置12个常用功能' }) }),
    okMsg: '保存成功',
    handler: (b, { deps, auth }) => saveOftenFuncs(deps, auth, b.Paths),
  }),
  call({ path: '/MyDeskTop/GetMyDeskData', reads: true, handler: (_b, { deps, auth }) => deskData(deps, auth) }),
  call({ path: '/Custom/GetCustomInfo', reads: true, handler: (_b, { deps, auth }) => getCustom(deps, auth) }),
  call({
    path: '/Custom/SaveSelfCustom',
    self: true,
    body: customPrefs,
    okMsg: '保存成功',
    handler: (b, { deps, auth }) => saveCustom(deps, auth, b),
  }),
];
