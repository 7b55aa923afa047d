import { MeterBindBody, MeterSaveBody, MeterUnbindBody, zFlag, zId, zOptionalText } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { optionalInt } from '../../core/filters';
import { bindMeter, metersByRoom, saveMeter, unbindMeter, unboundMeters } from './meters.service';

const ROLE = 'fcgl_fjgl';

/** 绑定仪表 on 房间管理: reading needs the screen; every change needs `linkmeter` (acceptance 8). */
export const meterCalls = [
  call({
    path: '/Meter/ByRoom',
    role: ROLE,
    reads: true,
    body: z.object({ RoomId: zId('请选择房间') }),
    handler: (b, { deps, auth }) => metersByRoom(deps, auth, b.RoomId),
  }),
  call({
    path: '/Meter/Unbound',
    role: ROLE,
    reads: true,
    body: z.object({
      CommunityId: zId('请选择小区'),
      MeterType: optionalInt(),
      Keyword: zOptionalText(30, '表号'),
      IncludeBound: zFlag().default(false),
    }),
    handler: (b, { deps, auth }) => unboundMeters(deps, auth, b),
  }),
  call({
    path: '/Meter/Save',
    role: ROLE,
    btn: 'linkmeter',
    body: MeterSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveMeter(deps, auth, b, ip),
  }),
  call({
    path: '/Meter/Bind',
    role: ROLE,
    btn: 'linkmeter',
    body: MeterBindBody,
    okMsg: '绑定成功',
    handler: (b, { deps, auth, ip }) => bindMeter(deps, auth, b, ip),
  }),
  call({
    path: '/Meter/Unbind',
    role: ROLE,
    btn: 'linkmeter',
    body: MeterUnbindBody,
    okMsg: '解绑成功',
    handler: (b, { deps, auth, ip }) => unbindMeter(deps, auth, b, ip),
  }),
];
