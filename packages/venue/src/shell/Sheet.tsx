import type { ReactNode } from 'react';

/** Bottom sheet over the game (rules, history). */
export function Sheet({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  if (!open) return null;
  return (
    <div className="sheet-mask" onClick={onClose}>
      <section className="sheet" role="dialog" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <header className="sheet-head">
          <h2>{title}</h2>
          <button className="sheet-close" onClick={onClose} aria-label="关闭">
            ×
          </button>
        </header>
        <div className="sheet-body">{children}</div>
      </section>
    </div>
  );
}
