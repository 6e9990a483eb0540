import { createRoot } from 'react-dom/client';
// Deep imports on the first-paint path: antd-mobile's barrel module is marked side-effectful.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import 'antd-mobile/es/global';
import './theme.css';
import '@app/browser/money-tone.css';
import { watchForNewVersion } from '@app/browser';
import { App } from './App';
import { startPwa } from '../shared/pwa/install';

// antd-mobile 5 under React 19: its imperative Toast and Dialog need a createRoot renderer (DESIGN §11).
unstableSetRender((node, container) => {
  const el = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  el._reactRoot ??= createRoot(container);
  el._reactRoot.render(node);
  return async () => {
    await Promise.resolve();
    el._reactRoot?.unmount();
    delete el._reactRoot;
  };
});

// A chunk gone after a deploy (a lazy screen, a sheet, a button's import) reloads into the new version.
watchForNewVersion();
createRoot(document.getElementById('root')!).render(<App />);
startPwa();
