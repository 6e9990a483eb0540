import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { activityTypeNameFailure, PROMO_ADMIN_LIMITS, type AdminActivityType } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { promotionApi, promotionKeys } from './api';
import './promotions.css';

/**
 * 活动类型: the member app's promotion tabs, edited in place (rename on Enter or 保存, move up / down,
 * add one at the end). The contract's name rule is checked before sending.
 */
export default function ActivityTypesPage() {
  const { can } = useAuth();
  const { message } = App.useApp();
  const editable = can('promotions.manage');
  const list = useQuery({ queryKey: promotionKeys.types, queryFn: promotionApi.types });
  const rows = list.data ?? [];
  const [names, setNames] = useState<Record<number, string>>({});
  const [added, setAdded] = useState('');
  const refresh = [promotionKeys.types, promotionKeys.activities];
  const rename = useAction(promotionApi.renameType, refresh, (t) => setNames(({ [t.id]: _, ...rest }) => rest));
  const create = useAction(promotionApi.createType, refresh, () => setAdded(''));
  const order = useAction(promotionApi.orderTypes, refresh);

  const checked = (name: string, then: () => void) => {
    const failure = activityTypeNameFailure(name);
    if (failure) message.error(failure);
    else then();
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((t) => t.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    order.mutate(ids);
  };

  return (
    <Card title="活动类型" className="promotions-page" style={{ maxWidth: 760 }}>
      <Table<AdminActivityType>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        data-testid="activity-types"
        columns={[
          {
            title: '名称',
            render: (_, t) => {
              const draft = names[t.id] ?? t.name;
              return editable ? (
                <Space.Compact style={{ width: 300 }}>
                  <Input
                    value={draft}
                    maxLength={PROMO_ADMIN_LIMITS.typeNameMax}
                    onChange={(e) => setNames({ ...names, [t.id]: e.target.value })}
                    onPressEnter={() => draft !== t.name && checked(draft, () => rename.mutate({ id: t.id, name: draft.trim() }))}
                    data-testid={`type-name-${t.id}`}
                  />
                  <Button disabled={draft === t.name} loading={rename.isPending && rename.variables?.id === t.id} onClick={() => checked(draft, () => rename.mutate({ id: t.id, name: draft.trim() }))} data-testid={`type-save-${t.id}`}>
                    保存
                  </Button>
                </Space.Compact>
              ) : (
                t.name
              );
            },
          },
          { title: '活动数', dataIndex: 'activities', align: 'right' },
          {
            title: '排序',
            align: 'center',
            render: (_, t, i) =>
              editable ? (
                <Space size={2}>
                  <Tooltip title="上移">
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0 || order.isPending} onClick={() => move(i, -1)} data-testid={`type-up-${t.id}`} />
                  </Tooltip>
                  <Tooltip title="下移">
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1 || order.isPending} onClick={() => move(i, 1)} />
                  </Tooltip>
                </Space>
              ) : (
                t.sort
              ),
          },
        ]}
        footer={
          editable
            ? () => (
                <Space.Compact style={{ width: 300 }}>
                  <Input placeholder="新类型名称" value={added} maxLength={PROMO_ADMIN_LIMITS.typeNameMax} onChange={(e) => setAdded(e.target.value)} onPressEnter={() => checked(added, () => create.mutate(added.trim()))} data-testid="type-new-name" />
                  <Button type="primary" loading={create.isPending} onClick={() => checked(added, () => create.mutate(added.trim()))} data-testid="type-new">
                    新增
                  </Button>
                </Space.Compact>
              )
            : undefined
        }
      />
    </Card>
  );
}
