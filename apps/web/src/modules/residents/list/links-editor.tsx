import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Row, Select, Switch } from 'antd';
import { PropertyCascader } from '../../../components/pickers';
import { relationOptions, roleOptions } from '../shared/labels';
import { leaseEndError, MSG_ROOMS_REQUIRED } from '../shared/resident-logic';
import { newLink, type LinkForm } from './form-logic';

const dateText = (v: { format(f: string): string } | undefined) => v?.format('YYYY-MM-DD');

/** One link: room, role, relation (家属), 主业主 (业主), dates, lease (租户). */
function LinkRow({ name, onRemove, canRemove }: { name: number; onRemove(): void; canRemove: boolean }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldValue }) => {
        const link = (getFieldValue(['Rooms', name]) ?? {}) as LinkForm;
        return (
          <Card
            size="small"
            style={{ marginBottom: 8 }}
            title={link.Id ? link.RoomName : `房屋 ${name + 1}`}
            extra={
              canRemove &&
              !link.Id && (
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label="移除房屋"
                  onClick={onRemove}
                />
              )
            }
          >
            {!link.Id && (
              <Form.Item
                name={[name, 'Path']}
                label="房间"
                required
                rules={[
                  {
                    validator: (_, v?: LinkForm['Path']) =>
                      v?.RoomId ? Promise.resolve() : Promise.reject(new Error('请选择房间')),
                  },
                ]}
              >
                <PropertyCascader depth={4} width={130} />
              </Form.Item>
            )}
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item name={[name, 'Role']} label="身份" rules={[{ required: true, message: '请选择身份' }]}>
                  <Select aria-label="身份" options={roleOptions} />
                </Form.Item>
              </Col>
              {link.Role === 2 && (
                <Col xs={24} sm={8}>
                  <Form.Item name={[name, 'Relation']} label="与业主关系">
                    <Select aria-label="与业主关系" options={relationOptions} allowClear />
                  </Form.Item>
                </Col>
              )}
              {link.Role === 1 && (
                <Col xs={24} sm={8}>
                  <Form.Item name={[name, 'IsPrimary']} label="主业主" valuePropName="checked">
                    <Switch aria-label="主业主" />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} sm={8}>
                <Form.Item
                  name={[name, 'MoveInDate']}
                  label="入住日期"
                  rules={[{ required: true, message: '请选择入住日期' }]}
                >
                  <DatePicker aria-label="入住日期" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            {link.Role === 3 && (
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name={[name, 'LeaseStart']} label="租约开始">
                    <DatePicker aria-label="租约开始" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name={[name, 'LeaseEnd']}
                    label="租约到期"
                    required
                    dependencies={[
                      ['Rooms', name, 'MoveInDate'],
                      ['Rooms', name, 'Role'],
                    ]}
                    rules={[
                      ({ getFieldValue: get }) => ({
                        validator: (_, v) => {
                          const msg = leaseEndError({
                            Role: get(['Rooms', name, 'Role']) as number,
                            MoveInDate: dateText(get(['Rooms', name, 'MoveInDate'])),
                            LeaseEnd: dateText(v),
                          });
                          return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <DatePicker aria-label="租约到期" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            )}
          </Card>
        );
      }}
    </Form.Item>
  );
}

/** The 房屋 sub-table of the resident form: at least one link. */
export function LinksEditor() {
  return (
    <Form.List
      name="Rooms"
      rules={[
        {
          validator: (_, rows?: unknown[]) =>
            rows?.length ? Promise.resolve() : Promise.reject(new Error(MSG_ROOMS_REQUIRED)),
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          {rows.map((row) => (
            <LinkRow key={row.key} name={row.name} canRemove={rows.length > 1} onRemove={() => remove(row.name)} />
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(newLink())}>
            添加房屋
          </Button>
        </>
      )}
    </Form.List>
  );
}
