import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import { MEMBER_STATE_LABELS, type AdminMemberRow, type Page } from '@app/contract';
import { api } from '../../shared/api';
import { yuan } from '../../shared/format';
import { MemberDrawer } from './MemberDrawer';
import { HedgeShare } from './HedgeShare';
import { tablePaging } from '../../shared/pagination';

/** 会员管理: search by name prefix or id; the detail opens in a drawer. */
export default function MembersPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  // ?member=<id> (the 在线客服 desk's link) opens that member's drawer, &tab=<key> at that tab (自我排除名单's link).
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(Number(params.get('member')) || null);
  const [linkedTab] = useState({ id: Number(params.get('member')) || null, tab: params.get('tab') ?? undefined });
  const list = useQuery({
    queryKey: ['members', keyword, page],
    queryFn: async () => (await api.get<Page<AdminMemberRow>>('/members', { keyword, page })).data,
    placeholderData: keepPreviousData,
  });

  return (
    <Card
      title="会员管理"
      extra={<Input.Search allowClear placeholder="用户名或会员ID" onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 220 }} data-testid="member-search" />}
    >
      <Table<AdminMemberRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        onRow={(m) => ({ onClick: () => setOpenId(m.id), style: { cursor: 'pointer' } })}
        pagination={tablePaging(list.data, page, setPage, '人')}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: '用户名', dataIndex: 'username', render: (v: string, m) => (m.is_trial ? <>{v} <Tag>试玩</Tag></> : v) },
          { title: '姓名', dataIndex: 'realname' },
          { title: 'VIP', dataIndex: 'vip' },
          { title: '中心钱包', dataIndex: 'balance', align: 'right', render: (v: number) => yuan(v) },
          { title: '对冲占比', dataIndex: 'hedged_share', align: 'right', render: (v: number, m) => <HedgeShare id={m.id} share={v} flagged={m.hedge_flagged} /> },
          { title: '状态', dataIndex: 'state', render: (v: number) => <Tag color={v === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[v]}</Tag> },
          { title: '最近登录', dataIndex: 'last_login_at', render: (v: string) => v || '—' },
          { title: '注册时间', dataIndex: 'created_at' },
          {
            title: '操作',
            render: (_, m) => (
              <Space size={4}>
                <Button size="small" onClick={(e) => (e.stopPropagation(), setOpenId(m.id))} data-testid={`member-open-${m.id}`}>
                  详情
                </Button>
                <Link to={`/members/${m.id}`} onClick={(e) => e.stopPropagation()} data-testid={`member-360-${m.id}`}>
                  360°视图
                </Link>
              </Space>
            ),
          },
        ]}
      />
      <MemberDrawer id={openId} tab={openId === linkedTab.id ? linkedTab.tab : undefined} onClose={() => setOpenId(null)} />
    </Card>
  );
}
