import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { HANDOVER, handoverPrint } from './api';
import './reservations.css';

/** 打印确认单: the confirmation as the owner gets it; 打印 prints only the sheet (see the print rules in the CSS). */
export function PrintDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const sheet = useQuery({ queryKey: [HANDOVER, 'print', id ?? 0], queryFn: () => handoverPrint(id!), enabled: !!id });
  const s = sheet.data;
  return (
    <Modal
      title="打印确认单"
      open={!!id}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!s} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      <Spin spinning={sheet.isLoading}>
        {s && (
          <article className="handover-print" aria-label="交房预约确认单">
            <h2>{s.Title}</h2>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="预约号">{s.ApptNo}</Descriptions.Item>
              <Descriptions.Item label="状态">{s.StatusName}</Descriptions.Item>
              <Descriptions.Item label="房间">{s.RoomName}</Descriptions.Item>
              <Descriptions.Item label="业主">{s.OwnerName}</Descriptions.Item>
              <Descriptions.Item label="联系人">{s.ContactName}</Descriptions.Item>
              <Descriptions.Item label="联系电话">{s.ContactMobile}</Descriptions.Item>
              <Descriptions.Item label="预约日期">{s.ApptDate}</Descriptions.Item>
              <Descriptions.Item label="时段">{s.Slot}</Descriptions.Item>
              <Descriptions.Item label="地址" span={2}>
                {s.Address}
              </Descriptions.Item>
              <Descriptions.Item label="验房项目" span={2}>
                {s.InspectItems.join('、')}
              </Descriptions.Item>
              <Descriptions.Item label="交付钥匙" span={2}>
                {s.KeyItems.map((k) => `${k.Name}×${k.Qty}`).join('、')}
              </Descriptions.Item>
            </Descriptions>
            <ol className="handover-print-notes">
              {s.Notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ol>
            <p className="handover-print-foot">
              服务电话：{s.ServicePhone} &nbsp;&nbsp; 打印时间：{s.PrintTime}
            </p>
            <p className="handover-print-sign">业主签字：＿＿＿＿＿＿ &nbsp;&nbsp; 经办人：＿＿＿＿＿＿</p>
          </article>
        )}
      </Spin>
    </Modal>
  );
}
