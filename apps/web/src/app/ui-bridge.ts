/**
 * The request client and the stores live outside React, but toasts and dialogs must use the antd instances that
 * carry the theme and locale. The root registers the toast (every page needs it); the layout registers the
 * confirm dialog, so the login page does not download the modal code. Tests register spies.
 */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

export interface UiBridge {
  toast(type: ToastType, text: string): void;
  confirm(options: ConfirmOptions): void;
}

const fallback: UiBridge = {
  toast: (type, text) => console.warn(`[${type}] ${text}`),
  confirm: (options) => {
    if (window.confirm(`${options.title}\n${options.content}`)) options.onOk();
    else options.onCancel?.();
  },
};

const current: Partial<UiBridge> = {};

/** Registers (or with null removes) one or both halves of the bridge. */
export function setUiBridge(bridge: Partial<UiBridge> | null): void {
  if (!bridge) {
    delete current.toast;
    delete current.confirm;
    return;
  }
  Object.assign(current, bridge);
}

export function clearConfirm(): void {
  delete current.confirm;
}

export const ui: UiBridge = {
  toast: (type, text) => (current.toast ?? fallback.toast)(type, text),
  confirm: (options) => (current.confirm ?? fallback.confirm)(options),
};
