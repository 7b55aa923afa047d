import { zFlag, zInt } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { ApiError, RET } from '../../core/errors';
import { notify } from './notify';

/**
 * Demo only: lets the administrator of a demo installation see a reminder arrive (popup, badge, sound) without a
 * business module producing one. Anywhere else it is indistinguishable from an unknown call. The body is read only
 * after the gate, so a refused caller learns nothing from validation messages either.
 */
const demoBody = z.object({
  MsgType: zInt('消息类型不正确').default(6),
  Title: z.string().trim().min(1).max(100).default('演示提醒：这是一条测试消息'),
  Content: z.string().max(500).default(''),
  SourceId: zInt('来源不正确').default(0),
  Voice: zFlag().default(false),
});

export const demoPushCalls = [
  call({
    path: '/SysMessage/DemoPush',
    self: true,
    okMsg: '已推送',
    handler: async (raw, { deps, auth }) => {
      if (!deps.config.demo || !auth.isAdmin) throw new ApiError(RET.NOT_FOUND, '接口不存在');
      const parsed = demoBody.safeParse(raw);
      if (!parsed.success) throw new ApiError(RET.INVALID, parsed.error.issues[0]?.message ?? '参数错误');
      const b = parsed.data;
      const ids = await deps.database.db.transaction((tx) =>
        notify(tx, {
          cmpId: auth.cmpId,
          userIds: [auth.userId],
          msgType: b.MsgType,
          title: b.Title,
          content: b.Content,
          sourceId: b.SourceId,
          voice: b.Voice,
        }),
      );
      return { Count: ids.length };
    },
  }),
];
