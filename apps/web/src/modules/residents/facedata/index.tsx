import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { FACES, type FaceRow, faceDelete, faceList, faceResync, laneOptions } from './api';
import { faceColumns, faceSearch } from './columns';
import { BatchUploadDialog } from './batch-upload-dialog';
import { SyncDetailDrawer } from './sync-detail-drawer';
import { type UploadTarget, UploadDialog } from './upload-dialog';

/** 人脸库: each resident's current face and its sync state per access device; upload, batch upload, re-sync. */
export default function FaceDataPage() {
  const queryClient = useQueryClient();
  const communities = useCommunityOptions();
  const lanes = useQuery({ queryKey: [FACES, 'lanes'], queryFn: () => laneOptions(), staleTime: 60_000, retry: false });
  const [upload, setUpload] = useState<UploadTarget | null>(null);
  const [detail, setDetail] = useState<FaceRow | null>(null);
  const [batch, setBatch] = useState(false);

  const resync = async (v: { FaceIds?: number[]; AllFailed?: boolean }) => {
    const r = await faceResync(v);
    ui.toast('success', v.AllFailed ? `已重新下发 ${r?.Changed ?? 0} 条失败任务` : '已重新下发');
    void queryClient.invalidateQueries({ queryKey: [FACES] });
  };
  const opts = (rows?: { Id: number; Name: string }[]) => (rows ?? []).map((r) => ({ value: r.Id, label: r.Name }));

  return (
    <>
      <ListPage<FaceRow>
        resource={FACES}
        fetch={faceList}
        columns={faceColumns}
        rowKey="ResidentId"
        searchFields={faceSearch(opts(communities.data), opts(lanes.data))}
        exportCall="/Face/Export"
        exportName="人脸库"
        toolbar={() => (
          <>
            <Auth btn="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setUpload({})}>
                上传人脸
              </Button>
            </Auth>
            <Auth btn="import">
              <Button icon={<UploadOutlined />} onClick={() => setBatch(true)}>
                批量上传
              </Button>
            </Auth>
            <Auth btn="sync">
              <Popconfirm title="把所有同步失败的任务重新下发到设备？" onConfirm={() => resync({ AllFailed: true })}>
                <Button>重新同步全部失败</Button>
              </Popconfirm>
            </Auth>
          </>
        )}
        actionsWidth={250}
        rowActions={(row) =>
          row.Id ? (
            <>
              <Auth btn="view">
                <Button type="link" size="small" onClick={() => setDetail(row)}>
                  同步详情
                </Button>
              </Auth>
              <Auth btn="edit">
                <Button
                  type="link"
                  size="small"
                  onClick={() => setUpload({ ResidentId: row.ResidentId, ResidentName: row.Name })}
                >
                  更换照片
                </Button>
              </Auth>
              <Auth btn="sync">
                <Button
                  type="link"
                  size="small"
                  onClick={() => void resync({ FaceIds: [row.Id] }).catch(() => undefined)}
                >
                  重新同步
                </Button>
              </Auth>
              <DeleteButton
                resource={FACES}
                title={`确定删除「${row.Name}」的人脸照片吗？`}
                description="将同时从所有设备删除"
                onDelete={() => faceDelete(row.Id)}
              />
            </>
          ) : (
            <Auth btn="add">
              <Button
                type="link"
                size="small"
                onClick={() => setUpload({ ResidentId: row.ResidentId, ResidentName: row.Name })}
              >
                上传人脸
              </Button>
            </Auth>
          )
        }
      />
      <UploadDialog target={upload} onClose={() => setUpload(null)} />
      <SyncDetailDrawer face={detail} onClose={() => setDetail(null)} />
      <BatchUploadDialog
        open={batch}
        onClose={() => setBatch(false)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: [FACES] })}
      />
    </>
  );
}
