import { useEffect, useState } from 'react';
import { moneyTone } from '@app/browser';
import {
  BET_STATUS_LABELS,
  yuanToFen,
  fenToYuan,
  type VenueBetRow,
  type VenueBetsPage,
  type VenueEsportsResult,
  type VenueFootballResult,
  type VenueMatch,
  type VenueMatchBetResult,
  type VenueMatches,
  type VenueSportCode,
  type VenueSportInfo,
} from '@app/contract';
import { api, errorText } from '../../api';
import { money, signed } from '../../money';
import { betSummary } from '../../shell/betSummary';
import { toast } from '../../shell/toast';
import type { GameProps } from '../types';

/** Virtual football / e-sports: the schedule and odds are the server's; the page lists, counts down and takes bets. */
type Pick = { match: VenueMatch; market: string; marketName: string; selection: string; name: string; odds: number };
const POLL_MS = 5000;
const QUICK = [10, 50, 100, 500, 1000];

function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const BADGE_TONES = ['#e63946', '#1d6fe0', '#2a9d8f', '#f4a261', '#7b2cbf', '#d4a017', '#06d6a0', '#ef476f'];
/** A team's round badge: its first character on a colour fixed by its name. */
function Team({ name, right }: { name: string; right?: boolean }) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span className={`team${right ? ' right' : ''}`}>
      <i className="badge" style={{ background: BADGE_TONES[h % BADGE_TONES.length] }}>
        {name[0]}
      </i>
      <span>{name}</span>
    </span>
  );
}

function score(m: VenueMatch): string {
  const r = m.result;
  if (!r) return 'VS';
  if ('homeGoals' in r) return `${(r as VenueFootballResult).homeGoals} : ${(r as VenueFootballResult).awayGoals}`;
  return `${(r as VenueEsportsResult).homeMaps} : ${(r as VenueEsportsResult).awayMaps}`;
}

export default function Matches({ info, afterBet }: GameProps<VenueSportInfo>) {
  const sport = info.code as VenueSportCode;
  const [data, setData] = useState<VenueMatches | null>(null);
  const [skewMs, setSkewMs] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [tab, setTab] = useState<'open' | 'results' | 'mine'>('open');
  const [pick, setPick] = useState<Pick | null>(null);
  const [stake, setStake] = useState('');
  const [sending, setSending] = useState(false);
  const [mine, setMine] = useState<VenueBetRow[]>([]);
  const [error, setError] = useState('');

  const load = async () => {
    try {
      const d = await api<VenueMatches>('GET', `/matches?sport=${sport}`);
      setSkewMs(d.now - Date.now());
      setData(d);
      setError('');
    } catch (e) {
      setError(errorText(e));
    }
  };
  const loadMine = async () => {
    try {
      const p = await api<VenueBetsPage>('GET', '/bets?page=1');
      setMine(p.list.filter((b) => b.game === info.code));
    } catch {
      /* the tab shows what it had */
    }
  };

  useEffect(() => {
    void load();
    void loadMine();
    const poll = window.setInterval(() => void load(), POLL_MS);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearInterval(poll);
      window.clearInterval(tick);
    };
  }, []);
  useEffect(() => {
    if (tab === 'mine') void loadMine();
  }, [tab]);

  const t = now + skewMs;
  const matches = data?.matches ?? [];
  // A match whose kickoff passed since the last poll is closed here too, before the server says so.
  const stateOf = (m: VenueMatch) => (m.state === 'open' && t >= m.closes_at ? 'closed' : m.state);
  const live = matches.filter((m) => stateOf(m) !== 'finished').sort((a, b) => a.starts_at - b.starts_at);
  const done = matches.filter((m) => stateOf(m) === 'finished').sort((a, b) => b.starts_at - a.starts_at);
  const rounds = [...new Set(live.map((m) => m.starts_at))];

  useEffect(() => {
    if (pick && stateOf(pick.match) !== 'open') {
      setPick(null);
      toast('本场比赛已停止投注', 'error');
    }
  }, [t]);

  const stakeFen = yuanToFen(stake);
  const potential = stakeFen && pick ? fenToYuan(Math.floor((stakeFen * Math.round(pick.odds * 100)) / 100)) : 0;

  const submit = async () => {
    if (!pick) return;
    if (!stakeFen || stakeFen <= 0) {
      toast('请输入投注金额', 'error');
      return;
    }
    setSending(true);
    try {
      const r = await api<VenueMatchBetResult>('POST', '/matches/bet', { sport, matchId: pick.match.id, market: pick.market, selection: pick.selection, stake: fenToYuan(stakeFen) });
      toast(`投注成功 · ${pick.name} @${pick.odds}`, 'win');
      afterBet(r.balance);
      setPick(null);
      setStake('');
      void loadMine();
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={`matches sport-${info.kind}`}>
      <div className="sport-hero">
        <div>
          <h2>{info.kind === 'football' ? '虚拟联赛' : 'BO3 电竞联赛'}</h2>
          <small>
            每{info.schedule.interval_ms / 60000}分钟一轮 · 每轮{info.schedule.matches_per_round}场 · 开赛{info.schedule.duration_ms / 1000}秒后出结果
          </small>
        </div>
        <div className="hero-ball" aria-hidden />
      </div>
      <nav className="tabs">
        {(
          [
            ['open', '投注'],
            ['results', '赛果'],
            ['mine', '我的注单'],
          ] as const
        ).map(([k, label]) => (
          <button key={k} className={tab === k ? 'on' : ''} onClick={() => setTab(k)}>
            {label}
          </button>
        ))}
      </nav>
      {error && <p className="empty error-text">{error}</p>}
      {!data && !error && <div className="spinner center" />}

      {tab === 'open' &&
        rounds.map((start) => {
          const ms = live.filter((m) => m.starts_at === start);
          const open = t < start;
          return (
            <section className="round" key={start}>
              <header className="round-head">
                <span>{new Date(start).toLocaleTimeString('zh-CN', { hour12: false, hour: '2-digit', minute: '2-digit' })} 开赛</span>
                {open ? (
                  <b className="countdown">距截止 {mmss(start - t)}</b>
                ) : (
                  <b className="countdown live">
                    <i className="live-dot" /> 比赛中 · {mmss(ms[0]!.result_at - t)} 后出结果
                  </b>
                )}
              </header>
              {ms.map((m) => (
                <article className={`match${open ? '' : ' compact'}`} key={m.id} data-testid={open ? 'match' : 'match-live'}>
                  <div className="teams">
                    <Team name={m.home} />
                    <span className="score">{open ? 'VS' : '进行中'}</span>
                    <Team name={m.away} right />
                  </div>
                  {open && m.markets.map((mk) => (
                    <div className="market" key={mk.id}>
                      <small>{mk.name}</small>
                      <div className="sels">
                        {mk.selections.map((s) => {
                          const on = pick?.match.id === m.id && pick.market === mk.id && pick.selection === s.id;
                          return (
                            <button
                              key={s.id}
                              className={`odd${on ? ' on' : ''}`}
                              disabled={!open || !s.open}
                              onClick={() => setPick(on ? null : { match: m, market: mk.id, marketName: mk.name, selection: s.id, name: s.name, odds: s.odds })}
                            >
                              <span>{s.name}</span>
                              <b>{s.open ? s.odds.toFixed(2) : '封盘'}</b>
                            </button>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </article>
              ))}
            </section>
          );
        })}

      {tab === 'results' && (
        <section className="round">
          {done.length === 0 && <p className="empty">暂无赛果</p>}
          {done.map((m) => (
            <article className="match result" key={m.id}>
              <small className="r-time">{new Date(m.starts_at).toLocaleTimeString('zh-CN', { hour12: false, hour: '2-digit', minute: '2-digit' })}</small>
              <div className="teams">
                <Team name={m.home} />
                <span className="score final">{score(m)}</span>
                <Team name={m.away} right />
              </div>
              {m.result && 'maps' in m.result && (
                <div className="maps">
                  {(m.result as VenueEsportsResult).maps.map((w, i) => (
                    <span key={i} className={w}>
                      第{i + 1}局 {w === 'home' ? m.home : m.away}
                    </span>
                  ))}
                </div>
              )}
            </article>
          ))}
        </section>
      )}

      {tab === 'mine' && (
        <section className="round">
          {mine.length === 0 && <p className="empty">暂无注单</p>}
          <ul className="history">
            {mine.map((r) => (
              <li key={r.bet_id} className="history-row">
                <div className="h-main">
                  <b>{betSummary(r)}</b>
                  <span className="h-time">{new Date(r.created_at).toLocaleString('zh-CN', { hour12: false })}</span>
                </div>
                <div className="h-money">
                  <span>投注 {money(r.stake)}</span>
                  {r.status === 2 ? <span className="pending">{BET_STATUS_LABELS[2]}</span> : <span className={moneyTone(r.win_loss)}>{signed(r.win_loss)}</span>}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      {pick && (
        <div className="slip" data-testid="bet-slip">
          <div className="slip-head">
            <div>
              <b>{pick.name}</b>
              <small>
                {pick.match.home} vs {pick.match.away} · {pick.marketName}
              </small>
            </div>
            <span className="slip-odds">@{pick.odds.toFixed(2)}</span>
            <button className="sheet-close" onClick={() => setPick(null)} aria-label="关闭">
              ×
            </button>
          </div>
          <div className="slip-row">
            <input inputMode="decimal" placeholder={`投注金额（最高${info.max_stake}）`} value={stake} onChange={(e) => setStake(e.target.value.replace(/[^\d.]/g, '').slice(0, 10))} />
            <span className="slip-win">
              可赢 <b>{money(potential)}</b>
            </span>
          </div>
          <div className="quick">
            {QUICK.map((q) => (
              <button key={q} onClick={() => setStake(String(q))}>
                {q}
              </button>
            ))}
          </div>
          <button className="btn-gold wide" disabled={sending} onClick={() => void submit()}>
            {sending ? '提交中…' : '确认投注'}
          </button>
        </div>
      )}
    </div>
  );
}
