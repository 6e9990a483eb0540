import type { VenueGameInfo } from '@app/contract';
import { Sheet } from './Sheet';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export function RulesSheet({ game, open, onClose }: { game: VenueGameInfo; open: boolean; onClose: () => void }) {
  return (
    <Sheet title={`${game.name} · 游戏规则`} open={open} onClose={onClose}>
      <div className="rtp-badge">
        理论返还率 <b>{pct(game.rtp)}</b>
      </div>
      {game.kind === 'slot' && <SlotPaytable game={game} />}
      {(game.kind === 'baccarat' || game.kind === 'dragontiger' || game.kind === 'dice') && (
        <table className="rules-table">
          <thead>
            <tr>
              <th>投注项</th>
              <th>赔率</th>
              <th>返还率</th>
            </tr>
          </thead>
          <tbody>
            {game.options.map((o) => (
              <tr key={o.id}>
                <td>{o.name}</td>
                <td>1赔{+(o.payout - 1).toFixed(2)}</td>
                <td>{pct(o.rtp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {game.kind === 'fishing' && (
        <table className="rules-table">
          <thead>
            <tr>
              <th>鱼种</th>
              <th>倍数</th>
              <th>命中率</th>
            </tr>
          </thead>
          <tbody>
            {game.fish.map((f) => (
              <tr key={f.id}>
                <td>
                  <i className="dot" style={{ background: f.color }} />
                  {f.name}
                </td>
                <td>{f.multiplier}倍</td>
                <td>{(f.chance * 100).toFixed(2)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="rules-text">
        {game.rules.split('\n').map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <p className="rules-foot">单注上限 {game.max_stake} 元 · 所有结果由服务器随机产生</p>
    </Sheet>
  );
}

function SlotPaytable({ game }: { game: Extract<VenueGameInfo, { kind: 'slot' }> }) {
  const bySymbol = game.symbols.map((s) => ({ s, pays: game.paytable.filter((p) => p.symbol === s.id) })).filter((x) => x.pays.length > 0);
  return (
    <div className="paytable">
      {bySymbol.map(({ s, pays }) => (
        <div className="pay-row" key={s.id}>
          <span className="pay-sym" style={{ background: s.color }}>
            {s.name.slice(0, 2)}
          </span>
          <span className="pay-name">
            {s.name}
            {s.kind === 'wild' && <em>百搭</em>}
            {s.kind === 'scatter' && <em>分散</em>}
          </span>
          <span className="pay-vals">
            {pays.map((p) => (
              <span key={`${p.type}${p.count}`}>
                {p.count}
                {p.type === 'scatter' ? '个' : '连'} ×{p.multiplier}
                {p.type === 'scatter' ? '总注' : ''}
              </span>
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}
