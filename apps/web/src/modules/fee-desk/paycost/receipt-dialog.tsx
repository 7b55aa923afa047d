import { Button, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { PrintView } from '../../../components/crud/print-view';
import type { Receipt, ReceiptLine } from '../api';

/**
 * 收款收据 from the kit's print view: 收据号, date, 房屋, 交款人, the lines, 合计 and 人民币（大写）, 方式, 收款人 and
 * 第N次打印 (补打 from the second print on). The 打印 button has the focus, so Enter prints.
 */
export function ReceiptDialog({ receipt, onClose }: { receipt: Receipt | null; onClose(): void }) {
  const printRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (receipt) setTimeout(() => printRef.current?.focus(), 50);
  }, [receipt]);
  return (
    <Modal
      open={!!receipt}
      title={receipt?.Reprint ? '收款收据（补打）' : '收款收据'}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭 (Esc)
        </Button>,
        <Button key="print" type="primary" ref={printRef} onClick={() => window.print()}>
          打印 (Enter)
        </Button>,
      ]}
    >
      {receipt && (
        <PrintView<ReceiptLine>
          title={receipt.Reprint ? '收款收据（补打）' : '收款收据'}
          head={[
            { label: 'No.', value: receipt.ReceiptNo },
            { label: '日期', value: receipt.PayTime.slice(0, 10) },
            { label: '房屋', value: receipt.RoomName || '—' },
            { label: '交款人', value: receipt.PayerName || '—' },
          ]}
          columns={[
            { title: '项目', value: 'ItemName' },
            { title: '账期', value: 'Period' },
            { title: '数量', value: (l) => (l.LineType !== 2 ? Number(l.Quantity).toString() : '-') },
            // A bill priced by 阶梯 or 公式 has no one unit price: the server answers '' and the receipt prints '-'.
            { title: '单价', value: (l) => (l.LineType !== 2 && l.UnitPrice ? l.UnitPrice : '-') },
            { title: '金额', value: 'PrincipalMoney', money: true },
            { title: '减免', value: (l) => l.DiscountMoney },
            { title: '滞纳金', value: 'LateFeeMoney', money: true },
          ]}
          rows={receipt.Lines}
          total={receipt.TotalMoney}
          foot={
            <>
              <span>方式：{receipt.MethodNames}</span>
              <span>收款人：{receipt.CashierName}</span>
              <span>
                第{receipt.PrintCount}次打印{receipt.Reprint ? '（补打）' : ''}
              </span>
            </>
          }
        />
      )}
    </Modal>
  );
}
