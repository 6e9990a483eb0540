import type { ReactNode } from 'react';
import { Sheet } from '../../../shared/components/Sheet';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';

export interface SheetOption {
  key: string;
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  extra?: ReactNode;
}

/** A bottom sheet listing choices, the chosen one ticked; `footer` adds an action under the list. */
export function SheetPicker({
  visible,
  title,
  options,
  value,
  onPick,
  onClose,
  footer,
  testId,
}: {
  visible: boolean;
  title: string;
  options: SheetOption[];
  value: string;
  onPick: (key: string) => void;
  onClose: () => void;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-picker-body" destroyOnClose>
      <div className="sheet-picker" data-testid={testId}>
        <div className="sheet-picker-head">
          <span className="sheet-picker-title">{title}</span>
          <button type="button" className="sheet-picker-close" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </div>
        <div className="sheet-picker-list">
          {options.map((o) => (
            <button
              type="button"
              key={o.key}
              className={`sheet-picker-option${o.key === value ? ' active' : ''}`}
              data-testid={`${testId}-${o.key}`}
              onClick={() => {
                onPick(o.key);
                onClose();
              }}
            >
              {o.icon && <span className="sheet-picker-icon">{o.icon}</span>}
              <span className="sheet-picker-text">
                <span className="sheet-picker-option-title">{o.title}</span>
                {o.subtitle && <span className="sheet-picker-option-sub">{o.subtitle}</span>}
              </span>
              {o.extra && <span className="sheet-picker-extra">{o.extra}</span>}
              <span className="sheet-picker-check">{o.key === value && <CheckCircleFill />}</span>
            </button>
          ))}
        </div>
        {footer}
      </div>
    </Sheet>
  );
}
