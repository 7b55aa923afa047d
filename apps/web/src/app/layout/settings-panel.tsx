import { THEME_COLOR } from '@linli/shared';
import { Drawer, Flex, Switch, Typography } from 'antd';
import { useSettingsStore } from '../stores/settings-store';

const PRESET_COLORS = [THEME_COLOR, '#1890ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#304156'];

type Flag = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'errorLog';

const FLAGS: { key: Flag; label: string }[] = [
  { key: 'tagsView', label: '开启标签页' },
  { key: 'fixedHeader', label: '固定顶部栏' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
  { key: 'errorLog', label: '记录错误日志' },
];

/** Layout settings (spec §2): reachable only when showSettings is on, which it is not by default. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettingsStore();
  return (
    <Drawer title="布局设置" open={open} onClose={onClose} size={280}>
      <Typography.Title level={5}>主题色</Typography.Title>
      <Flex gap={8} wrap aria-label="主题色">
        {PRESET_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-pressed={settings.theme === color}
            aria-label={color}
            onClick={() => settings.change('theme', color)}
            style={{
              width: 28,
              height: 28,
              borderRadius: 4,
              cursor: 'pointer',
              background: color,
              border: settings.theme === color ? '3px solid #333' : '1px solid #ddd',
            }}
          />
        ))}
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        界面
      </Typography.Title>
      {FLAGS.map((flag) => (
        <Flex key={flag.key} justify="space-between" align="center" style={{ padding: '8px 0' }}>
          <span id={`setting-${flag.key}`}>{flag.label}</span>
          <Switch
            aria-labelledby={`setting-${flag.key}`}
            checked={settings[flag.key]}
            onChange={(checked) => settings.change(flag.key, checked)}
          />
        </Flex>
      ))}
    </Drawer>
  );
}
