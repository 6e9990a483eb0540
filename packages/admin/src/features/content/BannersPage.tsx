import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, Segmented, Select, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BANNER_TYPES, bannerFormFailure, CONTENT_LIMITS, type AdminBanner, type BannerForm } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { contentApi, contentKeys } from './api';
import { EditDeleteActions, EditorModal, SortAndVisible, useCheckedSubmit } from './editor';
import { ImageField } from './ImageField';
import './content.css';

const TYPE_OPTIONS = Object.entries(BANNER_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/**
 * 轮播图: the hall's carousel and the app-download page's, in the member app's order (排序, small
 * first); 显示 switch, edit and delete. Only content.manage sees the controls that change something.
 */
export default function BannersPage() {
  const { can } = useAuth();
  const editable = can('content.manage');
  const [type, setType] = useState<number>(2);
  const list = useQuery({ queryKey: contentKeys.banners, queryFn: contentApi.banners });
  const [editing, setEditing] = useState<AdminBanner | null | undefined>(undefined);
  const toggle = useAction(contentApi.setBannerEnabled, [contentKeys.banners]);
  const remove = useAction(contentApi.deleteBanner, [contentKeys.banners]);
  const rows = (list.data ?? []).filter((b) => b.type === type);

  return (
    <Card
      title="轮播图"
      className="content-page"
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="banner-new">
            新增轮播图
          </Button>
        )
      }
    >
      <Segmented className="content-toolbar" options={TYPE_OPTIONS} value={type} onChange={(v) => setType(Number(v))} data-testid="banner-type-tabs" />
      <Table<AdminBanner>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="banners"
        rowClassName={(b) => (b.enabled ? '' : 'content-off')}
        columns={[
          { title: '图片', dataIndex: 'src', width: 216, render: (src: string) => <Image src={src} width={200} height={80} className="content-thumb" alt="" /> },
          {
            title: '点击链接',
            dataIndex: 'url',
            render: (url: string) => (url ? <span className="content-link" title={url}>{url}</span> : <span className="muted">无</span>),
          },
          { title: '排序', dataIndex: 'sort', align: 'center', width: 80 },
          {
            title: '显示',
            dataIndex: 'enabled',
            align: 'center',
            width: 80,
            render: (on: boolean, b) => (
              <Switch checked={on} disabled={!editable} loading={toggle.isPending && toggle.variables?.id === b.id} onChange={(enabled) => toggle.mutate({ id: b.id, enabled })} data-testid={`banner-enabled-${b.id}`} />
            ),
          },
          {
            title: '操作',
            fixed: 'right',
            width: 150,
            render: (_, b) =>
              editable ? <EditDeleteActions editable testPrefix="banner" id={b.id} what="张轮播图" onEdit={() => setEditing(b)} onDelete={() => remove.mutate(b.id)} /> : null,
          },
        ]}
      />
      <BannerEditor banner={editing} type={type} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

/** 新增 / 编辑 a banner. `banner` null: a new one; undefined: closed. */
function BannerEditor({ banner, type, onClose }: { banner: AdminBanner | null | undefined; type: number; onClose(): void }) {
  const open = banner !== undefined;
  const [form] = Form.useForm<BannerForm>();
  const save = useAction((v: BannerForm) => (banner ? contentApi.updateBanner({ id: banner.id, form: v }) : contentApi.createBanner(v)), [contentKeys.banners], onClose);
  const submit = useCheckedSubmit(form, (v) => ({ type: v.type, src: v.src ?? '', url: (v.url ?? '').trim(), sort: v.sort ?? 0, enabled: v.enabled }), bannerFormFailure, save.mutate);

  return (
    <EditorModal title={banner ? '编辑轮播图' : '新增轮播图'} open={open} saving={save.isPending} saveTestId="banner-save" onSave={submit} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        className="content-form"
        preserve={false}
        initialValues={banner ? { ...banner } : { type, src: '', url: '', sort: 0, enabled: true }}
      >
        <Form.Item name="type" label="位置" required>
          <Select options={TYPE_OPTIONS} data-testid="banner-type" />
        </Form.Item>
        <Form.Item name="src" label="图片" required extra="PNG、JPG、WEBP、GIF，不超过2MB；建议宽高比 5:2">
          <ImageField testId="banner-image" />
        </Form.Item>
        <Form.Item name="url" label="点击链接" extra="留空则不跳转；站内页面如 /#/activity，外部地址以 http(s):// 开头（在应用内框架中打开）">
          <Input maxLength={CONTENT_LIMITS.linkMax} placeholder="/#/activity" data-testid="banner-url" />
        </Form.Item>
        <SortAndVisible testPrefix="banner" />
      </Form>
    </EditorModal>
  );
}
