import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, Popconfirm, Segmented, Space, Switch, Table, Tag } from 'antd';
import { CONTENT_LIMITS, GAME_CATEGORIES, GAME_CATEGORY_LABELS, gameEntryFormFailure, type AdminGameEntry, type AdminVenue, type GameCategory, type GameEntryForm } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { contentApi, contentKeys } from './api';
import { EditorModal, SortAndVisible, useCheckedSubmit } from './editor';
import { ImageField } from './ImageField';
import './content.css';

const CATEGORY_OPTIONS = GAME_CATEGORIES.map((c) => ({ value: c, label: GAME_CATEGORY_LABELS[c] }));

const formOf = (g: AdminGameEntry): GameEntryForm => ({ name: g.name, image: g.image, app_state: g.app_state, sort: g.sort });

/**
 * 游戏目录: the hall's tiles per category (name, picture, order, shown or hidden — the member app
 * lists only app_state 1) and each venue's maintenance switch (a venue under maintenance refuses
 * entering and transfers with 场馆维护中，请稍后再试).
 */
export default function GamesPage() {
  const { can } = useAuth();
  const editable = can('content.manage');
  const [category, setCategory] = useState<GameCategory>('realbet');
  const games = useQuery({ queryKey: contentKeys.games, queryFn: contentApi.games });
  const venues = useQuery({ queryKey: contentKeys.venues, queryFn: contentApi.venues });
  const [editing, setEditing] = useState<AdminGameEntry | undefined>(undefined);
  const toggle = useAction(contentApi.updateGame, [contentKeys.games]);
  const maintenance = useAction(contentApi.setVenueMaintenance, [contentKeys.venues]);
  const rows = (games.data ?? []).filter((g) => g.category_id === category);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="游戏目录" className="content-page">
        <Segmented className="content-toolbar" options={CATEGORY_OPTIONS} value={category} onChange={(v) => setCategory(v as GameCategory)} data-testid="game-category-tabs" />
        <Table<AdminGameEntry>
          rowKey="id"
          size="middle"
          loading={games.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="games"
          rowClassName={(g) => (g.app_state === 1 ? '' : 'content-off')}
          columns={[
            { title: '图片', dataIndex: 'image', width: 112, render: (src: string) => <Image src={src} width={96} height={60} className="content-thumb" alt="" /> },
            { title: '名称', dataIndex: 'name', render: (name: string, g) => <b data-testid={`game-${g.id}`}>{name}</b> },
            { title: '场馆', dataIndex: 'platform_name', render: (code: string) => <Tag>{code}</Tag> },
            { title: '游戏代码', dataIndex: 'game_code', render: (code: string) => <span className="muted">{code}</span> },
            { title: '排序', dataIndex: 'sort', align: 'center', width: 80 },
            {
              title: '显示',
              dataIndex: 'app_state',
              align: 'center',
              width: 80,
              render: (state: number, g) => (
                <Switch
                  checked={state === 1}
                  disabled={!editable}
                  loading={toggle.isPending && toggle.variables?.id === g.id}
                  onChange={(on) => toggle.mutate({ id: g.id, form: { ...formOf(g), app_state: on ? 1 : 0 } })}
                  data-testid={`game-shown-${g.id}`}
                />
              ),
            },
            {
              title: '操作',
              width: 90,
              render: (_, g) =>
                editable ? (
                  <Button size="small" onClick={() => setEditing(g)} data-testid={`game-edit-${g.id}`}>
                    编辑
                  </Button>
                ) : null,
            },
          ]}
        />
        <GameEditor game={editing} onClose={() => setEditing(undefined)} />
      </Card>
      <Card title="场馆维护" className="content-page">
        <Table<AdminVenue>
          rowKey="code"
          size="small"
          loading={venues.isLoading}
          dataSource={venues.data ?? []}
          pagination={false}
          data-testid="venues"
          columns={[
            { title: '场馆', dataIndex: 'code', render: (code: string, v) => <Space><Tag>{code}</Tag>{v.name}</Space> },
            { title: '大厅入口', dataIndex: 'tiles', align: 'center', width: 100 },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 100,
              render: (on: boolean) => (on ? <Tag color="green">开放</Tag> : <Tag color="red">维护中</Tag>),
            },
            {
              title: '维护',
              width: 100,
              align: 'center',
              render: (_, v) => (
                <Popconfirm
                  title={v.enabled ? `将 ${v.code} 设为维护中？` : `恢复开放 ${v.code}？`}
                  description={v.enabled ? '会员将无法进入该场馆或转入转出' : undefined}
                  okText="确定"
                  cancelText="取消"
                  disabled={!editable}
                  onConfirm={() => maintenance.mutate({ code: v.code, maintenance: v.enabled })}
                >
                  <Switch checked={!v.enabled} disabled={!editable} loading={maintenance.isPending && maintenance.variables?.code === v.code} data-testid={`venue-maintenance-${v.code}`} />
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function GameEditor({ game, onClose }: { game: AdminGameEntry | undefined; onClose(): void }) {
  const [form] = Form.useForm<GameEntryForm & { shown: boolean }>();
  const save = useAction(contentApi.updateGame, [contentKeys.games], onClose);
  const submit = useCheckedSubmit(
    form,
    (v): GameEntryForm => ({ name: (v.name ?? '').trim(), image: v.image ?? '', sort: v.sort ?? 0, app_state: v.shown ? 1 : 0 }),
    gameEntryFormFailure,
    (body) => game && save.mutate({ id: game.id, form: body }),
  );

  return (
    <EditorModal
      title={game ? `编辑游戏入口 · ${GAME_CATEGORY_LABELS[game.category_id]} · ${game.platform_name}` : ''}
      open={game !== undefined}
      width={560}
      saving={save.isPending}
      saveTestId="game-save"
      onSave={submit}
      onClose={onClose}
    >
      {game && (
        <Form form={form} layout="vertical" className="content-form" preserve={false} initialValues={{ ...formOf(game), shown: game.app_state === 1 }}>
          <Form.Item name="name" label="名称" required>
            <Input maxLength={CONTENT_LIMITS.gameNameMax} showCount data-testid="game-name" />
          </Form.Item>
          <Form.Item name="image" label="图片" required>
            <ImageField width={160} testId="game-image" />
          </Form.Item>
          <SortAndVisible testPrefix="game" visible="shown" />
        </Form>
      )}
    </EditorModal>
  );
}
