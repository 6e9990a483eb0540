import { useNavigate } from 'react-router';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { RightOutline } from 'antd-mobile-icons';
import { Page } from '../../../shared/components/Page';
import { EmptyState } from '../../../shared/components/EmptyState';
import { LOTTERY_TYPE } from '@app/contract';
import { useLotteryList, useRoomList } from '../api';
import { Ball, DiceDefs, DiceFace } from '../components/Result';

const TIERS = ['lot-tier-a', 'lot-tier-b', 'lot-tier-c'];

/** /lottery?name=: the rooms of one lottery, each with its stake limits and how many watch it; a room opens /lottery?room_id=. */
export function RoomList({ name }: { name: string }) {
  const navigate = useNavigate();
  const { data: rooms, isPending } = useRoomList(name);
  const lottery = useLotteryList().data?.find((l) => l.name === name);
  const title = rooms?.[0]?.lottery.title ?? lottery?.title ?? '彩票房间';
  return (
    <Page title={title} className="lot-rooms-page">
      <DiceDefs />
      <div className="lot-rooms-hero">
        <div className="lot-rooms-hero-art" aria-hidden>
          {lottery?.type === LOTTERY_TYPE.sixBall ? (
            <>
              <Ball n={8} size="lg" />
              <Ball n={26} size="lg" />
              <Ball n={49} size="lg" />
            </>
          ) : (
            <>
              <DiceFace value={5} size={34} />
              <DiceFace value={3} size={34} />
              <DiceFace value={6} size={34} />
            </>
          )}
        </div>
        <div>
          <div className="lot-rooms-hero-title">{title}</div>
          <div className="lot-rooms-hero-sub">实时开奖 · 边聊边投 · 每期可验证</div>
        </div>
      </div>
      <div className="lot-rooms-head">选择房间</div>
      {isPending ? (
        <div className="games-loading">
          <DotLoading color="primary" />
        </div>
      ) : !rooms || rooms.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="lot-rooms" data-testid="room-list">
          {rooms.map((r, i) => (
            <button key={r.id} type="button" className="lot-room-card" data-testid="room-card" data-room={r.id} onClick={() => navigate(`/lottery?room_id=${r.id}`)}>
              <span className={`lot-room-badge ${TIERS[i % TIERS.length]}`}>{r.title.replace(/房$/, '').slice(0, 3)}</span>
              <span className="lot-room-card-text">
                <b>{r.title}</b>
                <small>
                  <span data-testid="room-card-limits">
                    单注 {r.limits.min.toLocaleString('en-US')}–{r.limits.max.toLocaleString('en-US')} 元
                  </span>{' '}
                  · <span data-testid="room-card-online">{r.online}</span> 人在线
                </small>
              </span>
              <span className="lot-room-enter">
                进入 <RightOutline />
              </span>
            </button>
          ))}
        </div>
      )}
    </Page>
  );
}
