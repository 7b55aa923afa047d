import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Form, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import { DeleteButton } from '../../../components/crud';
import { copyPosition, deletePosition, POSITIONS, type Position } from './api';

/** Left panel of 岗位权限: positions with 人数 and 备注; 新增岗位, 复制, 删除. */
export function PositionList({
  positions,
  loading,
  selected,
  onSelect,
  onAdd,
  onCopied,
}: {
  positions: Position[];
  loading: boolean;
  selected: number | 'new' | null;
  onSelect(id: number): void;
  onAdd(): void;
  onCopied(id: number): void;
}) {
  const [copying, setCopying] = useState<Position | null>(null);
  const [form] = Form.useForm<{ Name: string }>();
  const [busy, setBusy] = useState(false);
  const current = positions.find((p) => p.Id === selected);

  const copy = async () => {
    if (!copying) return;
    const { Name } = await form.validateFields();
    setBusy(true);
    try {
      const id = await copyPosition(copying.Id, Name.trim());
      setCopying(null);
      onCopied(id);
    } catch {
      // '岗位名称已存在' was toasted.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title="岗位"
      extra={
        <Auth btn="add">
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={onAdd}>
            新增岗位
          </Button>
        </Auth>
      }
    >
      <Spin spinning={loading}>
        <ul className="position-list" aria-label="岗位列表">
          {positions.map((p) => (
            <li key={p.Id}>
              <button
                type="button"
                className={p.Id === selected ? 'position-item is-active' : 'position-item'}
                onClick={() => onSelect(p.Id)}
                aria-current={p.Id === selected}
              >
                <Space size={4}>
                  <strong>{p.Name}</strong>
                  {p.IsSystem && <Tag color="gold">系统</Tag>}
                  <Badge count={p.StaffCount} showZero color="#bfbfbf" title={`${p.StaffCount}人`} />
                </Space>
                <Typography.Text type="secondary" ellipsis className="position-remark">
                  {p.Remark || '—'}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      </Spin>
      {current && (
        <Space style={{ marginTop: 8 }}>
          <Auth btn="add">
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => {
                form.setFieldsValue({ Name: `${current.Name}-副本` });
                setCopying(current);
              }}
            >
              复制
            </Button>
          </Auth>
          {!current.IsSystem && (
            <DeleteButton
              title={`确定删除岗位「${current.Name}」吗？`}
              resource={POSITIONS}
              onDelete={() => deletePosition(current.Id)}
              onDeleted={() => onSelect(positions[0]?.Id ?? 0)}
            />
          )}
        </Space>
      )}
      <Modal
        title={`复制岗位「${copying?.Name ?? ''}」`}
        open={!!copying}
        onCancel={() => setCopying(null)}
        onOk={() => void copy().catch(() => undefined)}
        confirmLoading={busy}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="Name"
            label="新岗位名称"
            rules={[{ required: true, whitespace: true, message: '请输入岗位名称' }, { max: 30 }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
