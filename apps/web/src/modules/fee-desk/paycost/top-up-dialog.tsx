import { Input, Modal, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { newRequestId, printReceipt, type Receipt, topUp } from '../api';
import { TENDER_METHODS } from './pay-logic';

export interface TopUpTarget {
  RoomId: number;
  RoomName: string;
  /** The account to fill: 0 = 通用, else the item's account. */
  ItemId: number;
  /** The room's item accounts that may be chosen instead (通用 is always offered). */
  Items?: { ItemId: number; ItemName: string }[];
}

/**
 * 充值 (sfgl_yckgl `topup`): a payment with an SF receipt into one of the room's prepaid accounts. A room without
 * an account gets it on this first top-up (the server creates it), so the desk can fill 通用 for any room.
 */
export function TopUpDialog({
  target,
  onClose,
  onDone,
}: {
  target: TopUpTarget | null;
  onClose(): void;
  onDone(receipt: Receipt | null): void;
}) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState(1);
  const [itemId, setItemId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // One RequestId per attempt: a resend after a lost answer gets the first receipt back.
  const requestId = useRef(newRequestId());
  const chosenItem = itemId ?? target?.ItemId ?? 0;
  const items = [{ ItemId: 0, ItemName: '通用' }, ...(target?.Items ?? []).filter((i) => i.ItemId !== 0)];

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const r = await topUp({
        RequestId: requestId.current,
        RoomId: target.RoomId,
        TopUps: [{ ItemId: chosenItem, AmountMoney: amount }],
        Tenders: [{ Method: method, AmountMoney: amount }],
      });
      requestId.current = newRequestId();
      ui.toast('success', `充值成功 ${r.ReceiptNo}`);
      setAmount('');
      setItemId(null);
      onDone(await printReceipt(r.PaymentId).catch(() => null));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`充值 ${target?.RoomName ?? ''}`}
      open={!!target}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      okText="充值"
      okButtonProps={{ disabled: !(Number(amount) > 0) }}
      destroyOnHidden
      // The receipt dialog that follows takes the focus (Enter prints); do not hand it back to the trigger.
      focusable={{ focusTriggerAfterClose: false }}
    >
      <Space wrap>
        <Select
          aria-label="预存账户"
          value={chosenItem}
          onChange={setItemId}
          options={items.map((i) => ({ value: i.ItemId, label: i.ItemName }))}
          style={{ width: 140 }}
        />
        <Input
          aria-label="充值金额"
          prefix="¥"
          autoFocus
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
          onPressEnter={() => Number(amount) > 0 && void submit().catch(() => undefined)}
          style={{ width: 160 }}
        />
        <Select
          aria-label="支付方式"
          value={method}
          onChange={setMethod}
          options={TENDER_METHODS}
          style={{ width: 120 }}
        />
      </Space>
    </Modal>
  );
}
