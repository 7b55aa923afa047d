import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Spin, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { useAuth } from '../../../components/auth';
import { fieldErrorEntries, SplitLayout } from '../../../components/crud';
import { getPosition, getPositions, getRightTree, POSITIONS, positionKeys, savePosition } from './api';
import { MSG_SYSTEM_POSITION, memberColumns } from './columns';
import { PositionList } from './position-list';
import { RightTreeEditor } from './right-tree-editor';
import { fromRights, type Ticked, tickAll, toRights } from './rights-logic';
import { invalidateAfterWrite } from '../../../app/query-deps';

/** 岗位权限: positions on the left; on the right the name, remark, the rights tree and the holders. */
export default function PositionsPage() {
  const can = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: positionKeys.list(), queryFn: getPositions });
  const tree = useQuery({ queryKey: positionKeys.tree(), queryFn: getRightTree, staleTime: Number.POSITIVE_INFINITY });
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const id = typeof selected === 'number' ? selected : 0;
  const detail = useQuery({ queryKey: positionKeys.detail(id), queryFn: () => getPosition(id), enabled: id > 0 });
  const [ticked, setTicked] = useState<Ticked>(new Map());
  const [form] = Form.useForm<{ Name: string; Remark: string }>();
  const [saving, setSaving] = useState(false);

  // Select the first position once the list arrives.
  useEffect(() => {
    if (selected === null && list.data?.length) setSelected(list.data[0]!.Id);
  }, [list.data, selected]);

  // Load the chosen position into the editor (a new one starts empty).
  useEffect(() => {
    if (selected === 'new') {
      form.setFieldsValue({ Name: '', Remark: '' });
      setTicked(new Map());
    } else if (detail.data && tree.data) {
      form.setFieldsValue({ Name: detail.data.Name, Remark: detail.data.Remark });
      setTicked(detail.data.IsSystem ? tickAll(tree.data) : fromRights(detail.data.Rights, tree.data));
    }
  }, [selected, detail.data, tree.data, form]);

  const isSystem = selected !== 'new' && !!detail.data?.IsSystem;
  const readOnly = isSystem || !can(selected === 'new' ? 'add' : 'edit');

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !tree.data) return;
    setSaving(true);
    try {
      const newId = await savePosition({
        Id: id,
        Name: values.Name.trim(),
        Remark: values.Remark?.trim(),
        Rights: toRights(ticked, tree.data),
      });
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(queryClient, POSITIONS);
      if (selected === 'new' && typeof newId === 'number') setSelected(newId);
    } catch (error) {
      form.setFields(fieldErrorEntries(error, ['Name', 'Remark']).fields as never);
    } finally {
      setSaving(false);
    }
  };

  const editor = (
    <Spin spinning={detail.isFetching || tree.isLoading}>
      {isSystem && (
        <Alert
          type="info"
          showIcon
          title={`超级管理员拥有全部权限，${MSG_SYSTEM_POSITION}`}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form form={form} layout="vertical" disabled={readOnly}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="Name"
              label="岗位名称"
              rules={[{ required: true, whitespace: true, message: '请输入岗位名称' }, { max: 30 }]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="Remark" label="备注" rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <RightTreeEditor tree={tree.data ?? []} ticked={ticked} onChange={setTicked} disabled={readOnly} />
    </Spin>
  );

  return (
    <SplitLayout
      sideWidth={300}
      side={
        <PositionList
          positions={list.data ?? []}
          loading={list.isLoading}
          selected={selected}
          onSelect={setSelected}
          onAdd={() => setSelected('new')}
          onCopied={(newId) => {
            void invalidateAfterWrite(queryClient, POSITIONS);
            setSelected(newId);
          }}
        />
      }
    >
      <Card
        size="small"
        title={selected === 'new' ? '新增岗位' : (detail.data?.Name ?? '岗位权限')}
        extra={
          !readOnly && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          )
        }
      >
        {selected === 'new' ? (
          editor
        ) : (
          <Tabs
            items={[
              { key: 'rights', label: '权限设置', children: editor },
              {
                key: 'members',
                label: `岗位成员（${detail.data?.Members.length ?? 0}）`,
                children: (
                  <Table
                    rowKey="Id"
                    size="small"
                    columns={memberColumns}
                    dataSource={detail.data?.Members ?? []}
                    pagination={{ pageSize: 20, hideOnSinglePage: true }}
                    scroll={{ x: 'max-content' }}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
    </SplitLayout>
  );
}
