import { useEffect, useState } from 'react';
import { moneyTone } from '@app/browser';
import { BET_STATUS_LABELS, type VenueBetRow, type VenueBetsPage } from '@app/contract';
import { api, errorText } from '../api';
import { money, signed } from '../money';
import { Sheet } from './Sheet';
import { betSummary } from './betSummary';

export function HistorySheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<VenueBetRow[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const load = async (p: number) => {
    setLoading(true);
    setError('');
    try {
      const r = await api<VenueBetsPage>('GET', `/bets?page=${p}`);
      setRows((xs) => (p === 1 ? r.list : [...xs, ...r.list]));
      setPage(p);
      setMore(r.has_more);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (open) void load(1);
  }, [open]);

  return (
    <Sheet title="投注记录" open={open} onClose={onClose}>
      {rows.length === 0 && !loading && !error && <p className="empty">暂无投注记录</p>}
      {error && <p className="empty error-text">{error}</p>}
      <ul className="history">
        {rows.map((r) => (
          <li key={r.bet_id} className="history-row">
            <div className="h-main">
              <b>{r.game_name}</b>
              <span className="h-detail">{betSummary(r)}</span>
              <span className="h-time">
                {new Date(r.created_at).toLocaleString('zh-CN', { hour12: false })} · {r.bet_id}
              </span>
            </div>
            <div className="h-money">
              <span>投注 {money(r.stake)}</span>
              {r.status === 2 ? (
                <span className="pending">{BET_STATUS_LABELS[2]}</span>
              ) : (
                <span className={moneyTone(r.win_loss)}>{signed(r.win_loss)}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {more && (
        <button className="btn-ghost wide" disabled={loading} onClick={() => void load(page + 1)}>
          {loading ? '加载中…' : '加载更多'}
        </button>
      )}
      {loading && rows.length === 0 && <p className="empty">加载中…</p>}
    </Sheet>
  );
}
