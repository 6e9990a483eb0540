import { useState } from 'react';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { formatYuan, type VenueBalance } from '@app/contract';
import { RecycleIcon, VenueBadge } from './icons';

/**
 * Venue balances (never the 平台钱包 entry): the first `initial` tiles, the rest behind an expand
 * toggle (spec §9: 3 by default, 4 on /transfer). A tile may open something (`onPick`) and carry a
 * one-click retrieval (`onRetrieve`).
 */
export function VenueList({
  venues,
  initial,
  columns = 2,
  onPick,
  onRetrieve,
}: {
  venues: VenueBalance[] | undefined;
  initial: number;
  columns?: 2 | 3;
  onPick?: (venue: VenueBalance) => void;
  onRetrieve?: (venue: VenueBalance) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!venues) {
    return (
      <div className={`venue-grid venue-grid-${columns}`}>
        {Array.from({ length: initial }, (_, i) => (
          <div key={i} className="venue-tile venue-tile-skeleton" />
        ))}
      </div>
    );
  }
  const shown = expanded ? venues : venues.slice(0, initial);
  return (
    <>
      <div className={`venue-grid venue-grid-${columns}`} data-testid="venue-list">
        {shown.map((v) => (
          <div
            key={v.platname}
            className={`venue-tile${v.balance > 0 ? ' venue-tile-funded' : ''}${onPick ? ' venue-tile-tappable' : ''}`}
            data-testid={`venue-${v.platname}`}
            role={onPick ? 'button' : undefined}
            onClick={onPick ? () => onPick(v) : undefined}
          >
            <VenueBadge venue={v} size={columns === 3 ? 28 : 34} />
            <div className="venue-tile-text">
              <div className="venue-tile-name">{v.name}</div>
              <div className="venue-tile-balance" data-testid={`venue-balance-${v.platname}`}>
                {formatYuan(v.balance)}
              </div>
            </div>
            {onRetrieve && (
              <button
                type="button"
                className="venue-retrieve"
                aria-label={`回收${v.name}`}
                data-testid={`venue-retrieve-${v.platname}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onRetrieve(v);
                }}
              >
                <RecycleIcon />
              </button>
            )}
          </div>
        ))}
      </div>
      {venues.length > initial && (
        <button type="button" className="venue-expand" data-testid="venue-expand" onClick={() => setExpanded((x) => !x)}>
          {expanded ? (
            <>
              收起 <UpOutline />
            </>
          ) : (
            <>
              展开全部场馆（{venues.length}） <DownOutline />
            </>
          )}
        </button>
      )}
    </>
  );
}
