import { jsonArray, PageQuery, REMINDER_PAGE_SIZE, zId } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import {
  ignore,
  markRead,
  messageList,
  noticeById,
  noticeList,
  pushList,
  remove,
  unreadCount,
} from './messages.service';

const blank = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);
const listBody = PageQuery.extend({
  IsRead: z.preprocess(
    (v) => (blank(v) === undefined ? undefined : Number(v)),
    z.union([z.literal(0), z.literal(1)], '已读状态不正确').optional(),
  ),
  MsgType: z.preprocess(
    (v) => (blank(v) === undefined ? undefined : Number(v)),
    z.number().int('消息类型不正确').optional(),
  ),
});
const idBody = z.object({ Id: zId() });

/** Every SysMessage call reads or changes only the caller's own messages, so none needs a role key. */
export const messageCalls = [
  call({ path: '/SysMessage/MessageCount', reads: true, handler: (_b, { deps, auth }) => unreadCount(deps, auth) }),
  call({
    path: '/SysMessage/MessageList',
    reads: true,
    body: listBody,
    handler: (b, { deps, auth }) => messageList(deps, auth, b),
  }),
  call({
    path: '/SysMessage/GetPushMsg',
    reads: true,
    body: listBody.extend({ PgSize: listBody.shape.PgSize.default(REMINDER_PAGE_SIZE) }),
    handler: (b, { deps, auth }) => pushList(deps, auth, b),
  }),
  call({
    path: '/SysMessage/UpdateMsgState',
    self: true,
    // Tp=1 marks read (spec §4); Id 0 or All=1 marks every message read.
    body: z.object({
      Id: zId().default(0),
      Tp: z.preprocess((v) => Number(blank(v) ?? 1), z.literal(1, '操作类型不正确')),
      All: z.unknown().optional(),
    }),
    okMsg: '操作成功',
    handler: (b, { deps, auth }) => markRead(deps, auth, b.All === '1' || b.All === 1 || b.All === true ? 0 : b.Id),
  }),
  call({
    path: '/SysMessage/PushMsgIsIgnore',
    self: true,
    body: idBody,
    okMsg: '操作成功',
    handler: (b, { deps, auth }) => ignore(deps, auth, b.Id),
  }),
  call({
    path: '/SysMessage/Delete',
    self: true,
    body: z
      .object({ Id: zId().optional(), Ids: jsonArray(zId()).optional() })
      .refine((b) => b.Id || b.Ids?.length, '请选择要删除的消息'),
    okMsg: '删除成功',
    handler: (b, { deps, auth }) => remove(deps, auth, b.Ids?.length ? b.Ids : [b.Id!]),
  }),
  call({
    path: '/SysMessage/AllNoteList',
    reads: true,
    body: listBody,
    handler: (b, { deps, auth }) => noticeList(deps, auth, b),
  }),
  call({
    path: '/SysMessage/GetSysMsgById',
    self: true,
    body: idBody,
    handler: (b, { deps, auth }) => noticeById(deps, auth, b.Id),
  }),
];
