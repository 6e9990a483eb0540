import { Table, Typography } from 'antd';

type Row = { key: string; before: unknown; after: unknown; changed: boolean };

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * An audit entry's before and after side by side, one line per field; changed fields are marked.
 * Non-object values (or none) are shown whole.
 */
export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) {
    if (before === null && after === null) return <Typography.Text type="secondary">无数据变更</Typography.Text>;
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows: Row[] = keys.map((key) => ({ key, before: b[key], after: a[key], changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]) }));
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      data-testid="audit-diff"
      rowClassName={(r) => (r.changed ? 'diff-changed' : '')}
      columns={[
        { title: '字段', dataIndex: 'key', width: 160 },
        { title: '之前', render: (_, r) => <span className="diff-before">{show(r.before)}</span> },
        { title: '之后', render: (_, r) => <span className="diff-after">{show(r.after)}</span> },
      ]}
    />
  );
}
