import type { ReactNode } from 'react';
import { CheckShieldOutline } from 'antd-mobile-icons';

/** The small shield note under the add-card forms. */
export function SafetyNote({ children }: { children: ReactNode }) {
  return (
    <div className="cards-note">
      <CheckShieldOutline className="cards-note-icon" />
      <span>{children}</span>
    </div>
  );
}
