import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, Popconfirm, Segmented, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  CONTENT_LIMITS,
  GAME_CATEGORIES,
  GAME_CATEGORY_LABELS,
  gameEntryFormFailure,
  newGameEntryFailure,
  type AdminGameEntry,
  type AdminVenue,
  type GameCategory,
  type GameEntryForm,
  type NewGameEntryForm,
} from '@app/contract';
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
 * lists only app_state 1), 新增游戏 for a venue's game, and each venue's maintenance switch (a venue under maintenance refuses
 * entering and transfers with 场馆维护中，请稍后再试).
 */
export default function GamesPage() {
  const { can } = useAuth();
  const editable = can('content.manage');
  const [category, setCategory] = useState<GameCategory>('realbet');
  const games = useQuery({ queryKey: contentKeys.games, queryFn: contentApi.games });
  const venues = useQuery({ queryKey: contentKeys.venues, queryFn: contentApi.venues });
  const [editing, setEditing] = useState<AdminGameEntry | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const toggle = useAction(contentApi.updateGame, [contentKeys.games]);
  const maintenance = useAction(contentApi.setVenueMaintenance, [contentKeys.venues]);
  const rows = (games.data ?? []).filter((g) => g.category_id === category);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="游戏目录"
        className="content-page"
        extra={
          editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="game-new">
              新增游戏
            </Button>
          )
        }
      >
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
        <GameCreator
          open={adding}
          category={category}
          venues={venues.data ?? []}
          onClose={() => setAdding(false)}
          onCreated={(g) => {
            setAdding(false);
            setCategory(g.category_id);
          }}
        />
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
          <TileFields />
        </Form>
      )}
    </EditorModal>
  );
}

/** A tile's own fields, the same when it is edited and when it is added: name, picture, order, shown. */
function TileFields() {
  return (
    <>
      <Form.Item name="name" label="名称" required>
        <Input maxLength={CONTENT_LIMITS.gameNameMax} showCount data-testid="game-name" />
      </Form.Item>
      <Form.Item name="image" label="图片" required>
        <ImageField width={160} testId="game-image" />
      </Form.Item>
      <SortAndVisible testPrefix="game" visible="shown" />
    </>
  );
}

/**
 * 新增游戏: a tile for a venue's game in a category of the hall (the tab in view first), with its
 * name, picture, order and whether it is shown; the contract's rule checks it before it goes.
 */
function GameCreator({ open, category, venues, onClose, onCreated }: { open: boolean; category: GameCategory; venues: AdminVenue[]; onClose(): void; onCreated(g: AdminGameEntry): void }) {
  const [form] = Form.useForm<NewGameEntryForm & { shown: boolean }>();
  const save = useAction(contentApi.createGame, [contentKeys.games, contentKeys.venues], onCreated);
  const submit = useCheckedSubmit(
    form,
    (v): NewGameEntryForm => ({
      category_id: v.category_id,
      platform_name: v.platform_name ?? '',
      game_code: (v.game_code ?? '').trim(),
      name: (v.name ?? '').trim(),
      image: v.image ?? '',
      sort: v.sort ?? 0,
      app_state: v.shown ? 1 : 0,
    }),
    newGameEntryFailure,
    (body) => save.mutate(body),
  );

  return (
    <EditorModal title="新增游戏" open={open} width={560} saving={save.isPending} saveTestId="game-create" onSave={submit} onClose={onClose}>
      {open && (
        <Form form={form} layout="vertical" className="content-form" preserve={false} initialValues={{ category_id: category, sort: 0, shown: true }}>
          <Space size={16} style={{ display: 'flex' }} align="start">
            <Form.Item name="category_id" label="分类" required>
              <Select options={CATEGORY_OPTIONS} style={{ width: 120 }} data-testid="game-new-category" />
            </Form.Item>
            <Form.Item name="platform_name" label="场馆" required>
              <Select
                placeholder="请选择场馆"
                showSearch
                optionFilterProp="label"
                options={venues.map((v) => ({ value: v.code, label: `${v.code} · ${v.name}` }))}
                style={{ width: 200 }}
                data-testid="game-new-venue"
              />
            </Form.Item>
            <Form.Item name="game_code" label="游戏代码" required>
              <Input maxLength={CONTENT_LIMITS.gameCodeMax} placeholder="如 niuniu_vip" style={{ width: 160 }} data-testid="game-new-code" />
            </Form.Item>
          </Space>
          <TileFields />
        </Form>
      )}
    </EditorModal>
  );
}
