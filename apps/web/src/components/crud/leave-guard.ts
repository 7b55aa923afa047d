import type { FormInstance } from 'antd';
import { ui } from '../../app/ui-bridge';

export const DISCARD_TITLE = '放弃未保存的内容？';

/** Same values as a snapshot, ignoring what JSON ignores (empty picks a cascader writes back as undefined). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** The form holds something else than what was put in it (a new record's defaults, the loaded record). */
export function isDirty(form: FormInstance, shown: unknown): boolean {
  return !same(form.getFieldsValue(true), shown);
}

/**
 * Leaves a form (Esc, the mask, ×, 取消) at once when nothing was changed; otherwise asks first, so a stray Esc does
 * not lose the typing.
 */
export function leaveForm(form: FormInstance, shown: unknown, leave: () => void): void {
  if (!isDirty(form, shown)) {
    leave();
    return;
  }
  ui.confirm({
    title: DISCARD_TITLE,
    content: '填写的内容还没有保存，离开后将丢失。',
    okText: '放弃',
    cancelText: '继续填写',
    onOk: leave,
  });
}
