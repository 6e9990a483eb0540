import type { ReactNode } from 'react';
import { LOTTERY_TYPE, type LotteryListItem } from '@app/contract';
import { EmptyState } from '../../../shared/components/EmptyState';
import { TileSkeletons } from './TileSkeletons';
import { useGo } from '../../../shared/hooks/useGo';
import { useLotteryList } from '../../lottery/api';

const PIPS: Record<number, [number, number][]> = {
  3: [[-9, -9], [0, 0], [9, 9]],
  5: [[-9, -9], [9, -9], [0, 0], [-9, 9], [9, 9]],
  6: [[-9, -10], [9, -10], [-9, 0], [9, 0], [-9, 10], [9, 10]],
};

/** Square artwork for an in-house lottery: three dice (快三) or three balls (六合彩) over its title. */
function LotteryArt({ lottery }: { lottery: LotteryListItem }) {
  const dice = lottery.type === LOTTERY_TYPE.dice;
  const bg = dice ? ['#7b1fa2', '#e64980'] : ['#0b7285', '#2f9e44'];
  const gid = `lot-art-${lottery.name}`;
  return (
    <svg className="game-tile-img" viewBox="0 0 240 240" role="img" aria-label={lottery.title}>
      <defs>
        <linearGradient id={gid} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={bg[0]} />
          <stop offset="1" stopColor={bg[1]} />
        </linearGradient>
      </defs>
      <rect width="240" height="240" fill={`url(#${gid})`} />
      <circle cx="205" cy="28" r="72" fill="#fff" opacity=".1" />
      <circle cx="26" cy="226" r="62" fill="#000" opacity=".1" />
      {dice ? (
        [
          { x: 78, y: 92, r: -12, v: 5 },
          { x: 162, y: 92, r: 10, v: 3 },
          { x: 120, y: 128, r: 0, v: 6 },
        ].map((d, i) => (
          <g key={i} transform={`translate(${d.x} ${d.y}) rotate(${d.r})`}>
            <rect x="-30" y="-30" width="60" height="60" rx="13" fill="#fff" stroke="#e9ecf6" strokeWidth="2" />
            {PIPS[d.v]!.map(([cx, cy], j) => (
              <circle key={j} cx={cx * 1.45} cy={cy * 1.45} r="5.5" fill={d.v === 3 ? '#e03131' : '#1f2540'} />
            ))}
          </g>
        ))
      ) : (
        [
          { x: 72, y: 100, n: '08', c: '#e03131' },
          { x: 168, y: 100, n: '26', c: '#1c7ed6' },
          { x: 120, y: 128, n: '49', c: '#2f9e44' },
        ].map((b, i) => (
          <g key={i} transform={`translate(${b.x} ${b.y})`}>
            <circle r="34" fill={b.c} stroke="#fff" strokeWidth="4" />
            <circle r="20" fill="#fff" />
            <text y="8" textAnchor="middle" fontSize="22" fontWeight="900" fill={b.c}>
              {b.n}
            </text>
          </g>
        ))
      )}
      <rect x="44" y="184" width="152" height="34" rx="17" fill="#000" opacity=".22" />
      <text x="120" y="208" textAnchor="middle" fontSize="19" fontWeight="700" fill="#ffe29a" fontFamily="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif">
        {lottery.title}
      </text>
    </svg>
  );
}

/**
 * The hall's lottery category: the in-house lotteries (lotteryList), each opening its room list
 * (/lottery?name=), for visitors too: they may watch a room, and log in there to bet or chat.
 * `head` draws the category heading with the count.
 */
export default function LotteryBoard({ wide = false, head }: { wide?: boolean; head?: (count: number) => ReactNode }) {
  const go = useGo();
  const { data: lotteries, isPending } = useLotteryList();
  const open = (l: LotteryListItem) => go(`/lottery?name=${encodeURIComponent(l.name)}`);
  const tiles = (lotteries ?? []).map((l) => (
    <button key={l.name} className={`game-tile${wide ? ' game-tile-wide' : ''}`} data-testid="lottery-tile" data-lottery={l.name} onClick={() => open(l)}>
      <LotteryArt lottery={l} />
      <span className="game-tile-foot">
        <span className="game-tile-name">{l.title}</span>
        <span className="game-tile-play">进入</span>
      </span>
    </button>
  ));
  return (
    <>
      {head?.(lotteries?.length ?? 0)}
      {isPending ? (
        <TileSkeletons count={2} />
      ) : tiles.length === 0 ? (
        <EmptyState />
      ) : wide ? (
        tiles
      ) : (
        <div className="games-grid" data-testid="lottery-grid">
          {tiles}
        </div>
      )}
    </>
  );
}
