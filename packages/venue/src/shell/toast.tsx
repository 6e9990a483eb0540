import { useEffect, useState } from 'react';

/** A small toast of the venue's own style (no UI kit: the frame stays light). */
type Toast = { id: number; text: string; tone: 'info' | 'error' | 'win' };
let listener: ((t: Toast) => void) | null = null;
let seq = 0;

export function toast(text: string, tone: Toast['tone'] = 'info'): void {
  listener?.({ id: ++seq, text, tone });
}

export function ToastHost() {
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    listener = (t) => {
      setItems((xs) => [...xs.slice(-2), t]);
      setTimeout(() => setItems((xs) => xs.filter((x) => x.id !== t.id)), 2600);
    };
    return () => {
      listener = null;
    };
  }, []);
  return (
    <div className="toast-host" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
