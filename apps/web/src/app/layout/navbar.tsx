import { BellOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { BADGE_CAP, NEWS_PATH } from '@linli/shared';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useSettingsStore } from '../stores/settings-store';
import { useUserStore } from '../stores/user-store';
import { Breadcrumbs } from './breadcrumbs';
import { SizeSelect } from './size-select';
import { UserMenu } from './user-menu';

interface Props {
  onFeedback: () => void;
  onSettings: () => void;
}

export function Navbar({ onFeedback, onSettings }: Props) {
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const toggle = useSettingsStore((s) => s.toggleSidebar);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const count = useUserStore((s) => s.messageCount);
  const device = useSettingsStore((s) => s.device);

  return (
    <header className="navbar">
      <button
        type="button"
        className="navbar-action"
        onClick={toggle}
        aria-label={opened ? '收起菜单' : '展开菜单'}
        aria-expanded={opened}
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {device === 'desktop' && <Breadcrumbs />}
      <div className="navbar-right">
        <SizeSelect />
        <Link to={NEWS_PATH} className="navbar-action" aria-label={`消息，${count} 条未读`} title="消息">
          <Badge count={count} overflowCount={BADGE_CAP} size="small">
            <BellOutlined />
          </Badge>
        </Link>
        {showSettings && (
          <button type="button" className="navbar-action" onClick={onSettings} aria-label="布局设置">
            <SettingOutlined />
          </button>
        )}
        <UserMenu onFeedback={onFeedback} />
      </div>
    </header>
  );
}
