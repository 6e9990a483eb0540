import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatYuan, LOTTERY_STAKE_MAX_YUAN, LOTTERY_STAKE_MIN_YUAN, type AdminRoomRow } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { lotteryApi, roomApi, roomKeys, type RoomSettings } from './api';
import { HostModal, NewRoomModal, RoomModal } from './RoomModals';
import './lottery.css';
import { RefreshButton } from '../../shared/components/RefreshButton';

/**
 * 房间管理: every room of every lottery with its stake limits and who is online; staff with
 * lottery.odds add a room (新增房间) or edit one, staff with lottery.chat speak in it as 主持人.
 */
export default function RoomsPage() {
  const { can } = useAuth();
  const editor = can('lottery.odds');
  const host = can('lottery.chat');
  const [editing, setEditing] = useState<AdminRoomRow | null>(null);
  const [hosting, setHosting] = useState<AdminRoomRow | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: roomKeys.rooms, queryFn: roomApi.rooms });
  const lotteries = useQuery({ queryKey: roomKeys.lotteries, queryFn: lotteryApi.lotteries, enabled: editor });
  const create = useAction(roomApi.create, [roomKeys.rooms, roomKeys.lotteries], () => setAdding(false));
  const save = useAction((v: RoomSettings & { id: number }) => roomApi.save(v), [roomKeys.rooms, ['lotteries']], () => setEditing(null));
  const speak = useAction(roomApi.host, [['lottery-chat']], () => setHosting(null));

  return (
    <Card
      title="房间管理"
      className="rooms-page"
      extra={
        <Space>
          {editor && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="room-add">
              新增房间
            </Button>
          )}
          <RefreshButton query={list} />
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`每个房间有自己的每注限额（平台限额 ${LOTTERY_STAKE_MIN_YUAN} 至 ${LOTTERY_STAKE_MAX_YUAN.toLocaleString('en-US')} 元之内）；停用的房间不在会员的房间列表中，也不能下注。主持人发言会即时发送给房间内的所有人。`}
      />
      <Table<AdminRoomRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': `room-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '彩种', dataIndex: 'lottery_title', width: 140 },
          { title: '房间', dataIndex: 'title', render: (v: string) => <span className="room-title">{v}</span> },
          { title: '状态', dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="green">开放</Tag> : <Tag>停用</Tag>) },
          { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
          {
            title: '每注限额（元）',
            render: (_, r) => (
              <span className="mono" data-testid={`room-limits-${r.id}`}>
                {formatYuan(r.min_stake)} – {formatYuan(r.max_stake)}
              </span>
            ),
          },
          { title: '在线', dataIndex: 'online', width: 80, align: 'right', render: (v: number) => <span data-testid="room-online">{v}</span> },
          ...(editor || host
            ? [
                {
                  title: '操作',
                  fixed: 'right' as const,
                  render: (_: unknown, r: AdminRoomRow) => (
                    <Space>
                      {editor && (
                        <Button size="small" onClick={() => setEditing(r)} data-testid={`room-edit-${r.id}`}>
                          编辑
                        </Button>
                      )}
                      {host && (
                        <Tooltip title={r.enabled ? undefined : '房间未开放'}>
                          <Button size="small" type="primary" ghost disabled={!r.enabled} onClick={() => setHosting(r)} data-testid={`room-host-${r.id}`}>
                            主持人发言
                          </Button>
                        </Tooltip>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <RoomModal room={editing} busy={save.isPending} onCancel={() => setEditing(null)} onSubmit={(v) => editing && save.mutate({ id: editing.id, ...v })} />
      <NewRoomModal open={adding} lotteries={lotteries.data ?? []} busy={create.isPending} onCancel={() => setAdding(false)} onSubmit={(v) => create.mutate(v)} />
      <HostModal room={hosting} busy={speak.isPending} onCancel={() => setHosting(null)} onSubmit={(content) => hosting && speak.mutate({ id: hosting.id, content })} />
    </Card>
  );
}
