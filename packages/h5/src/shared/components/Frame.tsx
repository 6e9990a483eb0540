import { useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import './shared.css';

/** A framed page filling the screen below a 46 px header, with a loading hint until it paints. */
export function Frame({ src, title, offsetPx = 46 }: { src: string; title: string; offsetPx?: number }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="app-frame-wrap" style={{ height: `calc(100vh - ${offsetPx}px)` }}>
      {!loaded && (
        <div className="app-frame-loading">
          <DotLoading color="primary" />
        </div>
      )}
      <iframe className="app-frame" src={src} title={title} data-testid="app-frame" onLoad={() => setLoaded(true)} allow="clipboard-write" />
    </div>
  );
}
