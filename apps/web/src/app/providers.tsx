import { CloseOutlined } from '@ant-design/icons';
import { TOAST_DURATION } from '@linli/shared';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { type UiSize, useSettingsStore } from './stores/settings-store';
import { setUiBridge } from './ui-bridge';

/** antd has three control sizes; the four font-size choices of the spec map onto size plus base font. */
const SIZE_MAP: Record<UiSize, { componentSize: 'large' | 'middle' | 'small'; fontSize: number }> = {
  default: { componentSize: 'large', fontSize: 15 },
  medium: { componentSize: 'middle', fontSize: 14 },
  small: { componentSize: 'small', fontSize: 13 },
  mini: { componentSize: 'small', fontSize: 12 },
};

const toastSeconds = TOAST_DURATION / 1000;

/** Toasts last 3 s and carry a close button (spec §8); they use the themed message instance. */
function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 5 });
  useEffect(() => {
    let seq = 0;
    setUiBridge({
      toast: (type, text) => {
        seq += 1;
        const key = `toast-${seq}`;
        api.open({
          key,
          type,
          duration: toastSeconds,
          content: (
            <span className="toast-content">
              {text}
              <button type="button" className="toast-close" aria-label="关闭提示" onClick={() => api.destroy(key)}>
                <CloseOutlined />
              </button>
            </span>
          ),
        });
      },
    });
  }, [api]);
  return holder;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const size = useSettingsStore((s) => s.size);
  const color = useSettingsStore((s) => s.theme);
  const { componentSize, fontSize } = SIZE_MAP[size];
  // Plain CSS (nprogress bar, active tab, tiles) follows the theme colour through this variable.
  useEffect(() => document.documentElement.style.setProperty('--linli-primary', color), [color]);
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={componentSize}
      // Keeps button names as written ('登录', not '登 录'): what users read and what tests select by.
      button={{ autoInsertSpace: false }}
      // colorInfo too: progress bars and info tags would otherwise stay antd's default blue.
      theme={{ token: { colorPrimary: color, colorInfo: color, colorLink: color, fontSize } }}
    >
      <ToastHost />
      {children}
    </ConfigProvider>
  );
}
