import { CaretDownOutlined, UserOutlined } from '@ant-design/icons';
import { DEMO_ROLES, LOGIN_PATH, SHELL_TEXT } from '@linli/shared';
import { Avatar, Dropdown, type MenuProps, Popover } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appConfig } from '../../config';
import { DemoSwitchDialog } from '../../modules/account/demo-switch-dialog';
import { changeRoles, logout } from '../session';
import { useUserStore } from '../stores/user-store';
import { AppDownloadCard } from './app-download';

export function UserMenu({ onFeedback }: { onFeedback: () => void }) {
  const navigate = useNavigate();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  // Offered when the server runs with DEMO on (spec §4), whatever the build.
  const demo = useUserStore((s) => Boolean(s.info?.Demo));
  const account = useUserStore((s) => s.info?.UserAccount);
  const [switchTo, setSwitchTo] = useState<string | null>(null);

  const items: MenuProps['items'] = [
    { key: 'center', label: SHELL_TEXT.personalCenter, onClick: () => navigate('/personalCenter/index') },
    {
      key: 'app',
      label: (
        <Popover content={<AppDownloadCard />} placement="left" trigger="hover">
          <span className="user-menu-app">{SHELL_TEXT.appDownload}</span>
        </Popover>
      ),
    },
    {
      key: 'manual',
      label: (
        <a href={appConfig.helpUrl} target="_blank" rel="noopener noreferrer">
          {SHELL_TEXT.manual}
        </a>
      ),
    },
    { key: 'feedback', label: SHELL_TEXT.feedback, onClick: onFeedback },
    ...(demo
      ? [
          {
            key: 'roles',
            label: '切换角色',
            children: DEMO_ROLES.filter((role) => role !== account).map((role) => ({
              key: `role-${role}`,
              label: role,
              onClick: () => setSwitchTo(role),
            })),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      label: SHELL_TEXT.logout,
      onClick: async () => {
        await logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    },
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <button type="button" className="navbar-user" aria-label="用户菜单">
          <Avatar size={32} src={avatar || undefined} icon={<UserOutlined />} />
          <span className="navbar-user-name">{name}</span>
          <CaretDownOutlined />
        </button>
      </Dropdown>
      {demo && (
        <DemoSwitchDialog
          role={switchTo}
          onClose={() => setSwitchTo(null)}
          onSwitch={async (role, password) => {
            await changeRoles(role, password);
            navigate('/', { replace: true });
          }}
        />
      )}
    </>
  );
}
