import { Button, Popconfirm, Select, Space } from 'antd';
import { msgTypeOptions } from './msg-type-names';

interface Props {
  msgType: number | undefined;
  onMsgType: (type: number | undefined) => void;
  selected: number;
  onMarkSelected: () => void;
  onMarkAll: () => void;
  onDeleteSelected: () => void;
}

/** Type filter and the bulk actions above the message table. */
export function MessageToolbar({ msgType, onMsgType, selected, onMarkSelected, onMarkAll, onDeleteSelected }: Props) {
  return (
    <div className="news-toolbar">
      <Select
        aria-label="消息类型"
        placeholder="全部类型"
        allowClear
        value={msgType}
        onChange={(v) => onMsgType(v ?? undefined)}
        options={msgTypeOptions}
        style={{ width: 160 }}
      />
      <Space wrap>
        <Button disabled={!selected} onClick={onMarkSelected}>
          标记已读
        </Button>
        <Popconfirm
          title="全部标记为已读？"
          description="所有未读消息都将标记为已读"
          okText="确定"
          cancelText="取消"
          onConfirm={onMarkAll}
        >
          <Button type="primary">全部已读</Button>
        </Popconfirm>
        <Popconfirm
          title={`删除选中的 ${selected} 条消息？`}
          description="删除后无法恢复"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          disabled={!selected}
          onConfirm={onDeleteSelected}
        >
          <Button danger disabled={!selected}>
            删除{selected ? `（${selected}）` : ''}
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
