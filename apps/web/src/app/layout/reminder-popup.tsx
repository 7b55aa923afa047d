import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { MSG_REPAIR_TIMEOUT_VOICE, msgTargetUrl, NEWS_PATH, REMINDER_PAGE_SIZE, SHELL_TEXT } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { invalidateOnRealtime } from '../query-deps';
import { connectRealtime, socketUrl } from '../realtime';
import { request } from '../request';
import { refreshMessageCount } from '../session';
import { useSettingsStore } from '../stores/settings-store';
import { useUserStore } from '../stores/user-store';
import { ui } from '../ui-bridge';
import { playAlert } from './alert-sound';

interface Reminder {
  Id: number;
  Title: string;
  Content?: string;
  MsgType: number;
  SourceId?: number | null;
  CreateTime?: string;
}

/**
 * The reminder popup of spec §2/§4: opens when the realtime channel says 'show' or 'voice' (list reloaded; 'voice'
 * also plays the alert and shows the notification), closes by its icon or when nothing is left. Opening a reminder
 * marks it read and goes to its screen. A reload that brings nothing new (another tab marked one read) does not
 * reopen a popup the user closed. No channel and no popup when the session says wsHidden.
 */
export function ReminderPopup() {
  const userId = useUserStore((s) => s.info?.Id);
  const wsHidden = useUserStore((s) => s.wsHidden);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // 收起 leaves only the title bar, so the popup does not sit on the rows' actions (通过/驳回) below it.
  const [folded, setFolded] = useState(false);
  const [items, setItems] = useState<Reminder[]>([]);
  const seen = useRef(new Set<number>());

  const load = useCallback(async () => {
    try {
      const list =
        (await request<Reminder[]>(
          '/SysMessage/GetPushMsg',
          { PgIndex: 1, PgSize: REMINDER_PAGE_SIZE, IsRead: 0 },
          { silent: true },
        )) ?? [];
      const arrived = list.some((r) => !seen.current.has(r.Id));
      for (const r of list) seen.current.add(r.Id);
      setItems(list);
      setOpen((wasOpen) => list.length > 0 && (wasOpen || arrived));
      if (arrived) setFolded(false);
    } catch {
      // A failed reload keeps what is shown; 401 is handled by the client.
    }
    void refreshMessageCount();
    // Another user's write reached this one: the message centre, the desk cards and reviews follow as well.
    void invalidateOnRealtime(queryClient);
  }, [queryClient]);

  useEffect(() => {
    if (!userId || wsHidden) return;
    return connectRealtime({
      url: socketUrl(),
      userId,
      onShow: () => void load(),
      onVoice: () => {
        if (useSettingsStore.getState().sound) playAlert();
        // A toast rather than antd notification: the latter would split the toast engine out of the login bundle.
        ui.toast('warning', MSG_REPAIR_TIMEOUT_VOICE);
        void load();
      },
      onSessionRefused: () => void refreshMessageCount(),
    });
  }, [userId, wsHidden, load]);

  const openReminder = async (item: Reminder) => {
    await request('/SysMessage/UpdateMsgState', { Id: item.Id, Tp: 1 }, { silent: true }).catch(() => undefined);
    const target = msgTargetUrl(item.MsgType, item.SourceId);
    if (target) navigate(target);
    void load();
  };

  const ignoreReminder = async (item: Reminder) => {
    await request('/SysMessage/PushMsgIsIgnore', { Id: item.Id }).catch(() => undefined);
    void load();
  };

  return (
    <>
      {open && !wsHidden && (
        <section className={`reminder-popup${folded ? ' is-folded' : ''}`} aria-label="消息提醒">
          <header>
            <strong>消息提醒（{items.length}）</strong>
            <span>
              <button
                type="button"
                aria-label={folded ? '展开消息提醒' : '收起消息提醒'}
                aria-expanded={!folded}
                onClick={() => setFolded(!folded)}
              >
                {folded ? <UpOutlined /> : <DownOutlined />}
              </button>
              <button type="button" aria-label="关闭消息提醒" onClick={() => setOpen(false)}>
                <CloseOutlined />
              </button>
            </span>
          </header>
          <ul>
            {items.map((item) => (
              <li key={item.Id}>
                <button type="button" className="reminder-title" onClick={() => openReminder(item)}>
                  {item.Title}
                </button>
                <div className="reminder-meta">
                  <span>{item.CreateTime}</span>
                  <Button size="small" type="link" onClick={() => ignoreReminder(item)}>
                    忽略
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <footer>
            <Link to={NEWS_PATH} onClick={() => setOpen(false)}>
              {SHELL_TEXT.seeMore}
            </Link>
          </footer>
        </section>
      )}
    </>
  );
}
