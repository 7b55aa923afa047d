import { request, requestEnvelope } from '../../app/request';
import { refreshMessageCount } from '../../app/session';

/** One row of /SysMessage/MessageList. */
export interface Message {
  Id: number;
  Title: string;
  Content: string;
  MsgType: number;
  SourceId: number | null;
  IsRead: 0 | 1;
  ReadTime: string | null;
  CreateTime: string;
}

/** One row of /SysMessage/AllNoteList (platform-wide system notices). */
export interface NoticeRow {
  Id: number;
  Title: string;
  IsRead: 0 | 1;
  PublishTime: string;
}

export interface Notice {
  Id: number;
  Title: string;
  Content: string;
  PublishTime: string;
}

export type ReadFilter = 'all' | 'unread' | 'read';

export interface MessageQuery {
  page: number;
  size: number;
  read: ReadFilter;
  msgType?: number | undefined;
}

export interface PageOf<T> {
  rows: T[];
  total: number;
}

/** Every query of this module starts with 'messages', so a change anywhere (popup included) can refresh them all. */
export const messageKeys = {
  all: ['messages'] as const,
  list: (q: MessageQuery) => ['messages', 'list', q] as const,
  notices: (page: number, size: number) => ['messages', 'notices', page, size] as const,
  notice: (id: number) => ['messages', 'notice', id] as const,
};

const isReadParam = (read: ReadFilter) => (read === 'all' ? '' : read === 'read' ? 1 : 0);

export async function getMessages(q: MessageQuery): Promise<PageOf<Message>> {
  const env = await requestEnvelope<Message[]>('/SysMessage/MessageList', {
    PgIndex: q.page,
    PgSize: q.size,
    IsRead: isReadParam(q.read),
    MsgType: q.msgType ?? '',
  });
  return { rows: env.data ?? [], total: Number(env.count) || 0 };
}

export async function getNotices(page: number, size: number): Promise<PageOf<NoticeRow>> {
  const env = await requestEnvelope<NoticeRow[]>('/SysMessage/AllNoteList', { PgIndex: page, PgSize: size });
  return { rows: env.data ?? [], total: Number(env.count) || 0 };
}

export const getNotice = (id: number) => request<Notice>('/SysMessage/GetSysMsgById', { Id: id });

/** Tp=1 marks read (spec §4); Id 0 marks every message read. The badge follows at once. */
export async function markRead(id: number): Promise<void> {
  await request('/SysMessage/UpdateMsgState', { Id: id, Tp: 1 });
  void refreshMessageCount();
}

export async function deleteMessages(ids: number[]): Promise<void> {
  await request('/SysMessage/Delete', ids.length === 1 ? { Id: ids[0] } : { Ids: ids });
  void refreshMessageCount();
}
