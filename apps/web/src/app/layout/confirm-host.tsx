import { Modal } from 'antd';
import { useEffect } from 'react';
import { clearConfirm, setUiBridge } from '../ui-bridge';

/** Registers the themed confirm dialog (the login-expired dialog of spec §8) while the signed-in layout is up. */
export function ConfirmHost() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    setUiBridge({
      confirm: (o) => {
        modal.confirm({
          title: o.title,
          content: o.content,
          okText: o.okText,
          cancelText: o.cancelText,
          onOk: o.onOk,
          onCancel: o.onCancel,
        });
      },
    });
    return clearConfirm;
  }, [modal]);
  return holder;
}
