import { msgTargetUrl } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ui } from '../../app/ui-bridge';
import { deleteMessages, type Message, markRead, messageKeys } from './api';

/**
 * What the message centre does to messages. Each change reloads every message query (lists, the dashboard's latest)
 * and the top bar badge; opening a message behaves like opening a reminder in the popup (spec §4).
 */
export function useMessageActions(onShowContent: (m: Message) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reload = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

  const run = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      ui.toast('success', done);
    } catch {
      // The request client already showed the server's message.
    } finally {
      void reload();
    }
  };

  return {
    markRead: (ids: number[]) =>
      run(async () => {
        for (const id of ids) await markRead(id);
      }, '已标记为已读'),
    markAllRead: () => run(() => markRead(0), '全部消息已标记为已读'),
    remove: (ids: number[]) => run(() => deleteMessages(ids), '删除成功'),
    /** Marks it read, then opens its screen; a type without a screen shows its text here instead. */
    open: async (m: Message) => {
      if (!m.IsRead) await markRead(m.Id).catch(() => undefined);
      void reload();
      const target = msgTargetUrl(m.MsgType, m.SourceId);
      if (target) navigate(target);
      else onShowContent(m);
    },
  };
}
