import type { ReactNode } from 'react';
import { copyText } from './copy';

/** A labelled value with a 复制 button. */
export function CopyRow({ label, value, display, testId, mono = false }: { label: string; value: string; display?: ReactNode; testId: string; mono?: boolean }) {
  return (
    <div className="copy-row">
      <span className="copy-row-label">{label}</span>
      <span className={`copy-row-value${mono ? ' mono' : ''}`} data-testid={testId}>
        {display ?? value}
      </span>
      <button type="button" className="copy-btn" data-testid={`copy-${testId}`} onClick={() => void copyText(value)}>
        复制
      </button>
    </div>
  );
}
