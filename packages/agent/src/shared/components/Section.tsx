import type { ReactNode } from 'react';

/** A white card with a title row (and something on its right), the portal's building block. */
export function Section({ title, extra, children, className, testId }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`portal-section${className ? ` ${className}` : ''}`} data-testid={testId}>
      {(title || extra) && (
        <header className="portal-section-head">
          <h2>{title}</h2>
          {extra && <div className="portal-section-extra">{extra}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
