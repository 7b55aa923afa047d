import { SIZE_OPTIONS } from '@linli/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useSettingsStore } from '../../app/stores/settings-store';
import { useUserStore } from '../../app/stores/user-store';
import { ui } from '../../app/ui-bridge';
import { type CustomValues, getCustom, personalKeys, saveCustom } from './api';

interface FormValues extends CustomValues {
  ShowSettings: boolean;
}

/** 个性设置: saved on the server (they follow the user to another computer) and applied here at once. */
export function PreferencesForm() {
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const settings = useSettingsStore();
  const communityIds = useUserStore((s) => s.info?.CommunityIds ?? []);
  const { data, isLoading } = useQuery({ queryKey: personalKeys.custom(), queryFn: getCustom });

  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, Size: settings.size, ShowSettings: settings.showSettings });
  }, [data, form, settings.size, settings.showSettings]);

  const save = useMutation({
    mutationFn: ({ ShowSettings: _, ...values }: FormValues) => saveCustom(values),
    onSuccess: (_data, values) => {
      const s = useSettingsStore.getState();
      s.setSize(values.Size);
      s.change('tagsView', values.TagsView);
      s.change('showSettings', values.ShowSettings);
      if (values.SidebarOpened !== s.sidebarOpened && s.device === 'desktop') s.toggleSidebar();
      s.applyCustom({
        pageSize: values.PageSize,
        sound: values.Sound,
        defaultCommunityId: values.DefaultCommunityId || null,
      });
      ui.toast('success', '保存成功');
      return client.invalidateQueries({ queryKey: personalKeys.custom() });
    },
  });

  if (isLoading) return <Skeleton active />;

  return (
    <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
      <Form.Item name="Size" label="字体大小">
        <Select options={SIZE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item name="PageSize" label="每页条数">
        <Select options={[10, 20, 50, 100].map((n) => ({ value: n, label: `${n} 条/页` }))} />
      </Form.Item>
      <Form.Item name="DefaultCommunityId" label="默认小区" extra="列表页默认选中的小区">
        <Select
          options={[{ value: 0, label: '不指定' }, ...communityIds.map((id) => ({ value: id, label: `小区 ${id}` }))]}
        />
      </Form.Item>
      <Form.Item name="Sound" label="消息提示音" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="SidebarOpened" label="侧边栏展开" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="TagsView" label="标签页" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ShowSettings" label="显示布局设置按钮" valuePropName="checked" extra="在顶部栏显示布局设置入口">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
