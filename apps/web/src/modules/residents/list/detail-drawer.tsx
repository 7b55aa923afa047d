import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Spin, Table, Tabs, Tag, Timeline } from 'antd';
import { GENDER_NAMES, ID_TYPE_NAMES, ROLE_COLORS, ROLE_NAMES, SOURCE_NAMES, STATUS_NAMES } from '../shared/labels';
import { syncSummary } from '../shared/resident-logic';
import { RESIDENTS, type ResidentDetail, residentGet } from './api';
import { LeaseEnd } from './columns';
import { ResidentFees } from './fee-summary';

const SyncTag = (c: { done: number; total: number; failed: number }) => {
  const s = syncSummary({ ...c, pending: c.total - c.done - c.failed });
  return <Tag color={s.color}>{s.text}</Tag>;
};

const none = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

/** A plain table of whatever rows another area answers (车辆, 车位, 门禁卡). */
function Rows({ rows, columns }: { rows?: Record<string, unknown>[]; columns: [string, string][] }) {
  if (!rows?.length) return none;
  return (
    <Table
      size="small"
      rowKey={(r) => String(r.Id ?? JSON.stringify(r))}
      pagination={false}
      dataSource={rows}
      columns={columns.map(([k, title]) => ({ key: k, dataIndex: k, title }))}
    />
  );
}

function Basic({ d }: { d: ResidentDetail }) {
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label="姓名">{d.Name}</Descriptions.Item>
      <Descriptions.Item label="性别">{GENDER_NAMES[d.Gender]}</Descriptions.Item>
      <Descriptions.Item label="手机">{d.Mobile}</Descriptions.Item>
      <Descriptions.Item label={ID_TYPE_NAMES[d.IdType] ?? '证件号'}>{d.IdNo}</Descriptions.Item>
      <Descriptions.Item label="出生日期">{d.Birthday}</Descriptions.Item>
      <Descriptions.Item label="紧急联系人">
        {d.EmergencyName} {d.EmergencyMobile}
      </Descriptions.Item>
      <Descriptions.Item label="来源">{SOURCE_NAMES[d.Source]}</Descriptions.Item>
      <Descriptions.Item label="状态">{STATUS_NAMES[d.Status]}</Descriptions.Item>
      <Descriptions.Item label="备注" span={2}>
        {d.Remark}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Every link, newest first; closed links show their move-out date (历史). */
function Links({ d }: { d: ResidentDetail }) {
  const links = [...(d.Rooms ?? [])].sort((a, b) => (b.MoveInDate ?? '').localeCompare(a.MoveInDate ?? ''));
  if (!links.length) return none;
  return (
    <Timeline
      items={links.map((l) => ({
        color: l.MoveOutDate ? 'gray' : 'green',
        content: (
          <div>
            <b>{l.CommunityName ? `${l.CommunityName} ${l.RoomName}` : l.RoomName}</b>{' '}
            <Tag color={ROLE_COLORS[l.Role]}>{ROLE_NAMES[l.Role]}</Tag>
            {l.IsPrimary && <Tag>主业主</Tag>}
            {l.Relation && <span>{l.Relation} </span>}
            <div>
              入住 {l.MoveInDate}
              {l.MoveOutDate ? ` · 迁出 ${l.MoveOutDate}` : ' · 在住'}
            </div>
            {l.LeaseEnd && (
              <div>
                租约到期 <LeaseEnd value={l.LeaseEnd} />
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** 详情: 基本信息, 房屋 (timeline of links), 车辆, 车位, 门禁卡, 人脸, 缴费 — full mobile and ID numbers. */
export function DetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const q = useQuery({ queryKey: [RESIDENTS, 'get', id], queryFn: () => residentGet(id!), enabled: !!id });
  const d = q.data;
  return (
    <Drawer title="住户详情" open={!!id} onClose={onClose} size={Math.min(760, window.innerWidth)} destroyOnHidden>
      <Spin spinning={q.isLoading}>
        {d && (
          <Tabs
            items={[
              { key: 'basic', label: '基本信息', children: <Basic d={d} /> },
              { key: 'rooms', label: '房屋', children: <Links d={d} /> },
              {
                key: 'cars',
                label: '车辆',
                children: (
                  <Rows
                    rows={d.Cars}
                    columns={[
                      ['Plate', '车牌号'],
                      ['VehicleTypeName', '类型'],
                      ['LotName', '车场'],
                      ['SpaceNo', '车位'],
                      ['ValidEnd', '有效期至'],
                      ['StatusName', '状态'],
                    ]}
                  />
                ),
              },
              {
                key: 'places',
                label: '车位',
                children: (
                  <Rows
                    rows={d.Places}
                    columns={[
                      ['SpaceNo', '车位号'],
                      ['LotName', '车场'],
                      ['SpaceTypeName', '类型'],
                      ['StatusName', '状态'],
                      ['RoomText', '房屋'],
                      ['RentEnd', '租期至'],
                    ]}
                  />
                ),
              },
              {
                key: 'cards',
                label: '门禁卡',
                children: (
                  <Rows
                    rows={d.Cards}
                    columns={[
                      ['CardNo', '卡号'],
                      ['CardTypeName', '类型'],
                      ['LaneNames', '授权通道'],
                      ['ValidTo', '有效期至'],
                      ['StatusName', '状态'],
                    ]}
                  />
                ),
              },
              {
                key: 'face',
                label: '人脸',
                children: d.Face?.ImgPath ? (
                  <div>
                    <Image width={160} src={d.Face.ImgPath} alt="人脸照片" />
                    {d.Face.Total !== undefined && (
                      <div style={{ marginTop: 8 }}>
                        <SyncTag done={d.Face.Done ?? 0} total={d.Face.Total} failed={d.Face.Failed ?? 0} />
                      </div>
                    )}
                  </div>
                ) : (
                  none
                ),
              },
              {
                key: 'fees',
                label: '缴费',
                children: <ResidentFees id={d.Id} />,
              },
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}
