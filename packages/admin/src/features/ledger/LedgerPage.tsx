import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Space, Statistic, Table } from 'antd';
import type { LedgerCheckResult } from '@app/contract';
import { api, type Answer } from '../../shared/api';

/** 账本核对: every balance equals its entries, every journal sums to zero, no forbidden negatives. */
export default function LedgerPage() {
  const { message } = App.useApp();
  const check = useMutation<Answer<LedgerCheckResult>, Error>({
    mutationFn: () => api.get<LedgerCheckResult>('/ledger/check'),
    onError: (err) => message.error(err.message),
  });
  const result = check.data?.data;

  return (
    <Card title="账本核对">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon message="核对每个账户余额是否等于其全部分录之和、每笔凭证借贷是否平衡、不可为负的账户是否为负。" />
        <Button type="primary" loading={check.isPending} onClick={() => check.mutate()} data-testid="ledger-run">
          {result ? '重新核对' : '开始核对'}
        </Button>
        {result && (
          <>
            <div data-testid="ledger-result">
              <Result status={result.ok ? 'success' : 'error'} title={check.data!.message} style={{ padding: 16 }} />
            </div>
            <Space size="large">
              <Statistic title="账户数" value={result.accounts} />
              <Statistic title="凭证数" value={result.journals} />
              <Statistic title="不一致" value={result.mismatches.length} valueStyle={{ color: result.ok ? undefined : '#cf1322' }} />
            </Space>
            {!result.ok && (
              <Table
                rowKey={(_, i) => String(i)}
                size="small"
                pagination={false}
                dataSource={result.mismatches}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: '类型', dataIndex: 'type' },
                  { title: 'ID', dataIndex: 'id' },
                  { title: '账户', dataIndex: 'code' },
                  { title: '余额', dataIndex: 'balance_fen' },
                  { title: '分录合计', dataIndex: 'entries_fen' },
                  { title: '凭证合计', dataIndex: 'sum_fen' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Card>
  );
}
