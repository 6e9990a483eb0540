import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Empty, InputNumber, Popconfirm, Row, Segmented, Space, Spin, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LOTTERY_RTP_MAX, LOTTERY_RTP_MIN, type AdminLotteryRow } from '@app/contract';
import { oddsCents, rtpOf } from '@app/contract/lottery-plays';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { LotteryTimingBar } from './LotterySettings';
import './lottery.css';

type Play = AdminLotteryRow['plays'][number];
/** Unsaved edits per lottery code: play id → odds as typed (null when the box was cleared). */
type Drafts = Record<string, Record<string, number | null>>;

const pct = (rtp: number) => `${(rtp * 100).toFixed(2)}%`;
const inRange = (rtp: number) => rtp >= LOTTERY_RTP_MIN && rtp <= LOTTERY_RTP_MAX;

/** The RTP of odds as typed, from the engine; null when they are not valid odds at all. */
function liveRtp(type: AdminLotteryRow['type'], id: string, odds: number | null): number | null {
  return odds !== null && oddsCents(odds) !== null ? rtpOf(type, id, odds) : null;
}

/**
 * 彩票赔率: a lottery's timing and switch (修改开奖设置), then its plays by group, odds editable in place
 * with each play's return to player computed live by the engine's own code; 保存 sends the changed
 * plays and the server decides.
 */
export default function OddsPage() {
  const { can } = useAuth();
  const editable = can('lottery.odds');
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['lotteries'], queryFn: async () => (await api.get<AdminLotteryRow[]>('/lotteries')).data });
  const [code, setCode] = useState('');
  const [drafts, setDrafts] = useState<Drafts>({});
  const lottery = list.data?.find((l) => l.code === code) ?? list.data?.[0];
  const draft = (lottery && drafts[lottery.code]) || {};

  const save = useAction(
    (v: { code: string; odds: Record<string, number | null> }) => api.post<AdminLotteryRow>(`/lotteries/${v.code}/odds`, { odds: v.odds }),
    [['lotteries']],
    (row) => {
      // The answer is the stored table: show it at once and drop this lottery's edits.
      client.setQueryData<AdminLotteryRow[]>(['lotteries'], (rows) => rows?.map((l) => (l.code === row.code ? row : l)));
      setDrafts((d) => ({ ...d, [row.code]: {} }));
    },
  );

  if (list.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!lottery) return <Card title="彩票赔率"><Empty description="暂无彩种" /></Card>;

  const setOdds = (patch: Record<string, number | null>) => setDrafts((d) => ({ ...d, [lottery.code]: { ...d[lottery.code], ...patch } }));
  const changed = lottery.plays.filter((p) => p.id in draft && draft[p.id] !== p.odds);

  return (
    <Card
      title="彩票赔率"
      className="odds-page"
      extra={
        <Segmented
          value={lottery.code}
          onChange={(v) => setCode(String(v))}
          options={list.data!.map((l) => ({ value: l.code, label: <span data-testid={`odds-lottery-${l.code}`}>{l.title}</span> }))}
        />
      }
    >
      <LotteryTimingBar lottery={lottery} editable={editable} />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`赔率为中奖时含本金的总返还（大于1，最多两位小数）；每个玩法的理论返还率须在 ${pct(LOTTERY_RTP_MIN)} 至 ${pct(LOTTERY_RTP_MAX)} 之间。保存后只影响之后的新注单，已下注单按下注时的赔率结算。`}
      />
      <PlayTabs key={lottery.code} lottery={lottery} draft={draft} editable={editable} onChange={setOdds} />
      {editable && (
        <div className="sticky-actions">
          <Typography.Text type={changed.length ? 'warning' : 'secondary'} data-testid="odds-changed">
            {changed.length ? `已修改 ${changed.length} 个玩法，尚未保存` : '没有未保存的修改'}
          </Typography.Text>
          <Space>
            <Popconfirm title="撤销全部未保存的修改？" okText="撤销" cancelText="取消" disabled={!changed.length} onConfirm={() => setDrafts((d) => ({ ...d, [lottery.code]: {} }))}>
              <Button disabled={!changed.length}>撤销修改</Button>
            </Popconfirm>
            <Button
              type="primary"
              disabled={!changed.length}
              loading={save.isPending}
              data-testid="odds-save"
              onClick={() => save.mutate({ code: lottery.code, odds: Object.fromEntries(changed.map((p) => [p.id, draft[p.id] ?? null])) })}
            >
              保存修改
            </Button>
          </Space>
        </div>
      )}
    </Card>
  );
}

/** One tab per play group; a tab counts its unsaved edits and flags plays out of range. */
function PlayTabs({ lottery, draft, editable, onChange }: { lottery: AdminLotteryRow; draft: Record<string, number | null>; editable: boolean; onChange(patch: Record<string, number | null>): void }) {
  const groups = useMemo(() => {
    const byName = new Map<string, Play[]>();
    for (const p of lottery.plays) byName.set(p.group, [...(byName.get(p.group) ?? []), p]);
    return [...byName.entries()];
  }, [lottery.plays]);
  const [active, setActive] = useState(groups[0]?.[0] ?? '');
  const [bulk, setBulk] = useState<number | null>(null);
  const { isChanged, isBad } = judge(lottery, draft);

  return (
    <Tabs
      activeKey={active}
      onChange={(k) => (setActive(k), setBulk(null))}
      items={groups.map(([name, plays]) => {
        const edits = plays.filter(isChanged).length;
        const bad = plays.filter(isBad).length;
        return {
          key: name,
          label: (
            <span data-testid={`odds-group-${name}`}>
              {name}
              <span className="muted"> {plays.length}</span>
              {bad > 0 ? <Badge count={bad} color="red" title="超出范围" style={{ marginLeft: 6 }} /> : edits > 0 && <Badge count={edits} color="gold" title="已修改" style={{ marginLeft: 6 }} />}
            </span>
          ),
          children: (
            <>
              {editable && plays.length > 1 && (
                <div className="odds-bulk">
                  <Space.Compact size="small">
                    <InputNumber placeholder="本组统一赔率" value={bulk} onChange={setBulk} style={{ width: 130 }} data-testid={`odds-bulk-${name}`} />
                    <Button disabled={bulk === null} onClick={() => onChange(Object.fromEntries(plays.map((p) => [p.id, bulk])))} data-testid={`odds-bulk-apply-${name}`}>
                      应用到本组 {plays.length} 个玩法
                    </Button>
                  </Space.Compact>
                </div>
              )}
              <PlayTable lottery={lottery} plays={plays} draft={draft} editable={editable} onChange={onChange} />
            </>
          ),
        };
      })}
    />
  );
}

/** A play's odds as shown (typed or stored), whether it was edited, and whether its live RTP is out of range. */
function judge(lottery: AdminLotteryRow, draft: Record<string, number | null>) {
  const oddsOf = (p: Play) => (p.id in draft ? draft[p.id]! : p.odds);
  const isChanged = (p: Play) => p.id in draft && draft[p.id] !== p.odds;
  const rtpOfPlay = (p: Play) => liveRtp(lottery.type, p.id, oddsOf(p));
  const isBad = (p: Play) => {
    const rtp = rtpOfPlay(p);
    return rtp === null || !inRange(rtp);
  };
  return { oddsOf, isChanged, rtpOfPlay, isBad };
}

/** Above this many plays (the 1–49 number groups) a group is laid out in side-by-side columns. */
const COMPACT_FROM = 20;
const COMPACT_COLUMNS = 3;

function PlayTable({ lottery, plays, draft, editable, onChange }: { lottery: AdminLotteryRow; plays: Play[]; draft: Record<string, number | null>; editable: boolean; onChange(patch: Record<string, number | null>): void }) {
  const { oddsOf, isChanged, rtpOfPlay, isBad } = judge(lottery, draft);
  const compact = plays.length > COMPACT_FROM;
  const columns: ColumnsType<Play> = [
    { title: '玩法', width: compact ? 64 : 160, render: (_, p) => <span className="odds-play">{p.playtitle}</span> },
    ...(compact ? [] : [{ title: '玩法ID', width: 140, render: (_: unknown, p: Play) => <Typography.Text type="secondary" className="mono">{p.id}</Typography.Text> }]),
    {
      title: '赔率',
      width: compact ? 120 : 200,
      render: (_, p) =>
        editable ? (
          <InputNumber value={oddsOf(p)} status={isBad(p) ? 'error' : undefined} onChange={(v) => onChange({ [p.id]: v })} style={{ width: compact ? 100 : 140 }} data-testid={`odds-input-${p.id}`} />
        ) : (
          p.odds
        ),
    },
    {
      title: '理论返还率',
      render: (_, p) => {
        const rtp = rtpOfPlay(p);
        return (
          <span data-testid={`odds-rtp-${p.id}`}>
            {rtp === null ? <Typography.Text type="danger">赔率无效</Typography.Text> : <Typography.Text type={inRange(rtp) ? undefined : 'danger'}>{pct(rtp)}</Typography.Text>}
            {isChanged(p) && (
              <Typography.Text type="secondary" className={compact ? 'odds-was block' : 'odds-was'}>
                原 {p.odds} · {pct(p.rtp)}
              </Typography.Text>
            )}
          </span>
        );
      },
    },
  ];
  const table = (rows: Play[], key?: number) => (
    <Table<Play>
      key={key}
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      rowClassName={(p) => (isChanged(p) ? 'odds-row-changed' : '')}
      onRow={(p) => ({ 'data-testid': `odds-row-${p.id}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
  if (!compact) return table(plays);
  const per = Math.ceil(plays.length / COMPACT_COLUMNS);
  return (
    <Row gutter={[16, 16]}>
      {Array.from({ length: COMPACT_COLUMNS }, (_, i) => (
        <Col key={i} xs={24} md={12} xl={24 / COMPACT_COLUMNS}>
          {table(plays.slice(i * per, (i + 1) * per))}
        </Col>
      ))}
    </Row>
  );
}
