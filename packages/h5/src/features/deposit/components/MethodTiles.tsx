import { CheckOutline } from 'antd-mobile-icons';
import { TAB_TEXTS, type DepositTab } from '../texts';
import { PayIcon } from './PayIcons';

/** The enabled pay methods as tiles; the chosen one is outlined. */
export function MethodTiles({ tabs, value, onChange }: { tabs: DepositTab[]; value: DepositTab; onChange: (t: DepositTab) => void }) {
  return (
    <div className={`methods methods-${tabs.length}`} role="tablist">
      {tabs.map((t) => (
        <button key={t} type="button" role="tab" aria-selected={value === t} className={`method${value === t ? ' active' : ''}`} data-testid={`pay-tab-${t}`} onClick={() => onChange(t)}>
          <PayIcon tab={t} size={36} />
          <span className="method-title">{TAB_TEXTS[t].title}</span>
          <span className="method-caption">{TAB_TEXTS[t].caption}</span>
          {value === t && (
            <span className="method-check">
              <CheckOutline />
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
