import { AccessCardSaveBody } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { request } from '../../../app/request';
import { EditDrawer, zodRule } from '../../../components/crud';
import { dateText } from '../../../components/crud/list-logic';
import { useCommunityOptions, useStaffOptions } from '../../../components/pickers';
import { OwnerSelect } from '../../properties/room-form/owner-select';
import { CARDS, type CardRow, cardGet, cardRoomLanes, cardSave, laneOptions } from '../api';
import { cardTypeOptions, holderKindOptions } from '../labels';

export interface Values {
  Id: number;
  CommunityId?: number;
  CardNo?: string;
  CardType?: number;
  HolderKind: number;
  HolderResidentId?: number;
  HolderUserId?: number;
  HolderName?: string;
  HolderMobile?: string;
  RoomIds: number[];
  LaneIds: number[];
  ValidFrom?: Dayjs;
  ValidTo?: Dayjs;
}

const rule = (name: string) => [zodRule(AccessCardSaveBody, name)];

/**
 * The AccessCard/Save body from what the drawer hands its onSubmit: fromFormValues has already made the dates
 * 'YYYY-MM-DD' (calling dayjs' format on them threw, and 保存 silently did nothing); a Dayjs is still accepted.
 */
export function cardSaveBody(v: Values): Record<string, unknown> {
  return {
    ...v,
    ValidFrom: dateText(v.ValidFrom),
    ValidTo: dateText(v.ValidTo),
    RoomIds: JSON.stringify(v.RoomIds ?? []),
    LaneIds: JSON.stringify(v.LaneIds ?? []),
  };
}

/** 发卡 / 编辑: holder, rooms (default the holder's), lanes from a 小区 → 通道 tree, 按房屋授权, validity. */
export function CardDrawer({ open, card, onClose }: { open: boolean; card: CardRow | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const communities = useCommunityOptions();
  const staff = useStaffOptions();
  const communityId = Form.useWatch('CommunityId', form);
  const holderKind = Form.useWatch('HolderKind', form) ?? 1;
  const residentId = Form.useWatch('HolderResidentId', form);
  const lanes = useQuery({ queryKey: [CARDS, 'lanes'], queryFn: () => laneOptions(), enabled: open });
  const rooms = useQuery({
    queryKey: [CARDS, 'holder-rooms', residentId, communityId],
    queryFn: () =>
      request<{ Id: number; Name: string }[]>('/AccessCard/HolderRooms', {
        ResidentId: residentId,
        CommunityId: communityId,
      }),
    enabled: open && !!residentId && !!communityId,
  });
  const tree = (communities.data ?? [])
    .map((c) => ({
      value: `c${c.Id}`,
      title: c.Name,
      selectable: false,
      checkable: false,
      children: (lanes.data ?? [])
        .filter((l) => l.CommunityId === c.Id)
        .map((l) => ({ value: l.Id, title: `${l.Name}（${l.Kind === 1 ? '车行' : '人行'}）` })),
    }))
    .filter((c) => c.children.length && (!communityId || c.value === `c${communityId}`));
  const byRooms = async () => {
    if (!communityId) return;
    // No room picked means all the holder's rooms (as the 房屋 field says), not none.
    const picked: number[] = form.getFieldValue('RoomIds') ?? [];
    const roomIds = picked.length ? picked : (rooms.data ?? []).map((r) => r.Id);
    const r = await cardRoomLanes(communityId, roomIds);
    form.setFieldValue('LaneIds', [...new Set([...(form.getFieldValue('LaneIds') ?? []), ...r.LaneIds])]);
  };
  const today = dayjs();
  return (
    <EditDrawer<Values>
      open={open}
      form={form}
      title={card ? `编辑卡片 ${card.CardNo}` : '发卡'}
      editing={!!card}
      width={640}
      resource={CARDS}
      initialValues={{
        Id: 0,
        HolderKind: 1,
        CardType: 1,
        RoomIds: [],
        LaneIds: [],
        ValidFrom: today,
        ValidTo: today.add(1, 'year'),
      }}
      load={
        card
          ? async () => {
              const c = await cardGet(card.Id);
              return {
                ...c,
                HolderResidentId: c.HolderResidentId ?? undefined,
                HolderUserId: c.HolderUserId ?? undefined,
                ValidFrom: dayjs(c.ValidFrom),
                ValidTo: dayjs(c.ValidTo),
              };
            }
          : undefined
      }
      onSubmit={(v) => cardSave(cardSaveBody(v))}
      onClose={onClose}
    >
      <Form.Item name="Id" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="CommunityId" label="小区" required rules={rule('CommunityId')}>
            <Select
              aria-label="小区"
              options={(communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))}
              onChange={() => form.setFieldsValue({ LaneIds: [], RoomIds: [] })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="CardNo"
            label="卡号"
            required
            rules={rule('CardNo')}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input maxLength={20} placeholder="4-20位数字或字母" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="CardType" label="卡片类型" required rules={rule('CardType')}>
            <Select aria-label="卡片类型" options={cardTypeOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="HolderKind" label="持卡人类型" required>
            <Radio.Group options={holderKindOptions} />
          </Form.Item>
        </Col>
        {holderKind === 1 && (
          <Col span={24}>
            <Form.Item
              name="HolderResidentId"
              label="住户"
              required
              rules={[{ required: true, message: '请选择住户' }]}
            >
              <OwnerSelect currentName={card?.HolderName} communityId={communityId} />
            </Form.Item>
          </Col>
        )}
        {holderKind === 1 && (
          <Col span={24}>
            <Form.Item name="RoomIds" label="房屋" extra="不选时默认为持卡人名下的全部房屋">
              <Select
                aria-label="房屋"
                mode="multiple"
                options={(rooms.data ?? []).map((r) => ({ value: r.Id, label: r.Name }))}
              />
            </Form.Item>
          </Col>
        )}
        {holderKind === 2 && (
          <Col span={24}>
            <Form.Item name="HolderUserId" label="员工" required rules={[{ required: true, message: '请选择员工' }]}>
              <Select aria-label="员工" showSearch={{ optionFilterProp: 'label' }} options={staff.data ?? []} />
            </Form.Item>
          </Col>
        )}
        {holderKind === 3 && (
          <>
            <Col span={12}>
              <Form.Item
                name="HolderName"
                label="姓名"
                required
                rules={[{ required: true, message: '请输入持卡人姓名' }]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="HolderMobile" label="手机" rules={rule('HolderMobile')}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item
            name="LaneIds"
            label="授权通道"
            required
            rules={[{ required: true, type: 'array', min: 1, message: '请选择授权通道' }]}
            extra={
              holderKind === 1 ? (
                <Button
                  size="small"
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => void byRooms().catch(() => undefined)}
                >
                  按房屋授权（勾选所住单元门和小区大门）
                </Button>
              ) : undefined
            }
          >
            <TreeSelect
              aria-label="授权通道"
              treeData={tree}
              multiple
              treeCheckable
              treeDefaultExpandAll
              showCheckedStrategy="SHOW_CHILD"
              placeholder="选择小区下的通道"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ValidFrom" label="生效日期" required rules={[{ required: true, message: '请选择生效日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ValidTo" label="到期日期" required rules={[{ required: true, message: '请选择到期日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </EditDrawer>
  );
}
