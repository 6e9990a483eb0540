import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge, Button, Card, Image, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminActivity } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { promotionApi, promotionKeys } from './api';
import { ActivityEditor } from './ActivityEditor';
import './promotions.css';

/**
 * 活动管理: every activity (上架 or not) in the member app's order, with its banner, type, the rules in
 * one line and the applications waiting; 上架 switch, move up / down (the whole order is sent), and
 * the editor drawer. Only promotions.manage sees the controls that change something.
 */
export default function ActivitiesPage() {
  const { can } = useAuth();
  const editable = can('promotions.manage');
  const list = useQuery({ queryKey: promotionKeys.activities, queryFn: promotionApi.activities });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const toggle = useAction(promotionApi.setEnabled, [promotionKeys.activities]);
  const order = useAction(promotionApi.orderActivities, [promotionKeys.activities]);
  const rows = list.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((a) => a.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    order.mutate(ids);
  };

  return (
    <Card
      title="活动管理"
      className="promotions-page"
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="activity-new">
            新增活动
          </Button>
        )
      }
    >
      <Table<AdminActivity>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="activities"
        rowClassName={(a) => (a.enabled ? '' : 'activity-off')}
        columns={[
          { title: '图片', dataIndex: 'banner', width: 136, render: (src: string) => <Image src={src} width={120} height={48} className="activity-thumb" alt="" /> },
          {
            title: '活动',
            render: (_, a) => (
              <div className="cell-lines" data-testid={`activity-${a.id}`}>
                <b>{a.title}</b>
                <div>
                  <Tag>{a.type_name}</Tag>
                  <span className="muted">{a.created_at}</span>
                </div>
              </div>
            ),
          },
          {
            title: '申请规则',
            width: 340,
            render: (_, a) => (a.rules_text ? <span className="rules-text">{a.rules_text}</span> : <span className="muted">无需申请</span>),
          },
          {
            title: '待审核',
            dataIndex: 'pending',
            align: 'center',
            render: (n: number, a) =>
              n > 0 ? (
                <Link to={`/activity-applications?activity_id=${a.id}`}>
                  <Badge count={n} overflowCount={999} />
                </Link>
              ) : (
                <span className="muted">0</span>
              ),
          },
          {
            title: '上架',
            dataIndex: 'enabled',
            align: 'center',
            render: (on: boolean, a) => (
              <Switch checked={on} disabled={!editable} loading={toggle.isPending && toggle.variables?.id === a.id} onChange={(enabled) => toggle.mutate({ id: a.id, enabled })} data-testid={`activity-enabled-${a.id}`} />
            ),
          },
          {
            title: '排序',
            dataIndex: 'sort',
            align: 'center',
            render: (sort: number, _a, i) =>
              editable ? (
                <Space size={2}>
                  <Tooltip title="上移">
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0 || order.isPending} onClick={() => move(i, -1)} />
                  </Tooltip>
                  <span className="muted">{sort}</span>
                  <Tooltip title="下移">
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1 || order.isPending} onClick={() => move(i, 1)} />
                  </Tooltip>
                </Space>
              ) : (
                sort
              ),
          },
          {
            title: '操作',
            fixed: 'right',
            render: (_, a) => (
              <Button size="small" onClick={() => setEditing(a.id)} data-testid={`activity-edit-${a.id}`}>
                {editable ? '编辑' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      <ActivityEditor id={editing} editable={editable} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
