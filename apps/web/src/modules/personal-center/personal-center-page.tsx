import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { LoginLog } from './login-log';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';
import './personal-center.css';

const TABS = [
  { key: 'profile', label: '基本资料', children: <ProfileForm /> },
  { key: 'password', label: '修改密码', children: <PasswordForm /> },
  { key: 'custom', label: '个性设置', children: <PreferencesForm /> },
  { key: 'log', label: '登录记录', children: <LoginLog /> },
];

/** 个人中心; the open tab is in the query (?tab=password) so it survives a refresh and can be linked to. */
export default function PersonalCenterPage() {
  const [params, setParams] = useSearchParams();
  const active = TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : 'profile';
  return (
    <Card className="personal-center">
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={TABS}
        destroyOnHidden={false}
      />
    </Card>
  );
}
