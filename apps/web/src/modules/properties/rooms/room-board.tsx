import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { solidTone } from '../../../components/status-colors';
import { ROOM_STATUS_COLORS, roomTypeOptions } from '../shared/labels';
import { ROOMS, roomBoard } from './api';
import { boardLayout, dimmed, floorLabel } from './board-logic';
import './room-board.css';

/**
 * 房态图 of one building: floors top first, columns grouped by unit, each cell the room number, area and owner (张**)
 * coloured by status (a red dot = arrears). The legend counts each status and gives 入住率; a type filter dims the
 * other cells; a click opens 详情. Every room comes in one answer and is drawn without paging.
 */
export function RoomBoard({ buildingId, onOpen }: { buildingId?: number; onOpen(roomId: number): void }) {
  const [type, setType] = useState<number | undefined>();
  const board = useQuery({
    queryKey: [ROOMS, 'board', buildingId ?? 0],
    queryFn: () => roomBoard(buildingId!),
    enabled: !!buildingId,
  });
  const blocks = useMemo(() => (board.data ? boardLayout(board.data) : []), [board.data]);

  if (!buildingId) return <Empty description="请先选择小区和楼宇查看房态图" style={{ padding: 48 }} />;
  if (board.isError) return <Result status="warning" title="房态图加载失败" />;
  if (!board.data) return <Spin style={{ display: 'block', padding: 48 }} />;
  const { Counts, Floors, Building } = board.data;

  return (
    <div className="room-board" aria-label={`${Building.Name}房态图`} role="region">
      <Space wrap className="room-board-legend" aria-label="图例" role="group">
        <Typography.Text strong>{Building.Name}</Typography.Text>
        <span>共 {Counts.Total} 间</span>
        {Counts.ByStatus.map((s) => (
          <span key={s.Status} className="room-board-legend-item">
            <i style={{ background: ROOM_STATUS_COLORS[s.Status] }} />
            {s.Name} {s.Count}
          </span>
        ))}
        <span>
          入住率 <b>{Counts.OccupancyRate}%</b>
        </span>
        <span className="room-board-legend-item">
          <i className="room-board-dot" /> 欠费
        </span>
        <Select
          allowClear
          placeholder="房间类型"
          aria-label="按房间类型突出显示"
          style={{ width: 130 }}
          options={roomTypeOptions}
          value={type}
          onChange={setType}
        />
      </Space>
      <div className="room-board-scroll">
        <table className="room-board-grid">
          <thead>
            <tr>
              <th className="room-board-floor">楼层</th>
              {blocks.map((b) => (
                <th key={b.unitId} colSpan={b.columns}>
                  {b.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Floors.map((floor) => (
              <tr key={floor}>
                <th className="room-board-floor" scope="row">
                  {floorLabel(floor)}
                </th>
                {blocks.map((b) => {
                  const list = b.byFloor.get(floor) ?? [];
                  return Array.from({ length: b.columns }, (_, i) => {
                    const r = list[i];
                    if (!r) return <td key={`${b.unitId}-${i}`} className="room-board-empty" />;
                    return (
                      <td key={r.Id}>
                        <button
                          type="button"
                          className={`room-board-cell${dimmed(r, type) ? ' is-dim' : ''}`}
                          style={solidTone(ROOM_STATUS_COLORS[r.Status] ?? ROOM_STATUS_COLORS[0])}
                          title={`${b.name}-${r.RoomNo}`}
                          aria-label={`${b.name}-${r.RoomNo}`}
                          onClick={() => onOpen(r.Id)}
                        >
                          {r.Arrears && <i className="room-board-dot" aria-label="欠费" />}
                          <b>{r.RoomNo}</b>
                          <span>{r.BuildArea}㎡</span>
                          <span>{r.OwnerMask || '\u00a0'}</span>
                        </button>
                      </td>
                    );
                  });
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {Counts.Total === 0 && (
          <Tag style={{ margin: 12 }} color="default">
            该楼宇还没有房间，可在楼宇管理中生成房间或导入
          </Tag>
        )}
      </div>
    </div>
  );
}
