import { FontSizeOutlined } from '@ant-design/icons';
import { MSG_SIZE_SWITCHED, SIZE_OPTIONS } from '@linli/shared';
import { Dropdown } from 'antd';
import { isUiSize, useSettingsStore } from '../stores/settings-store';
import { ui } from '../ui-bridge';

/** Font-size switch (spec §2): cookie `size`, applied to every antd component through ConfigProvider. */
export function SizeSelect() {
  const size = useSettingsStore((s) => s.size);
  const setSize = useSettingsStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZE_OPTIONS.map((o) => ({ key: o.value, label: o.label })),
        onClick: ({ key }) => {
          if (!isUiSize(key) || key === size) return;
          setSize(key);
          ui.toast('success', MSG_SIZE_SWITCHED);
        },
      }}
    >
      <button type="button" className="navbar-action" aria-label="切换字体大小" title="字体大小">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
