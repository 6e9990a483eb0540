import { useEffect, useState } from 'react';
import { Modal } from 'antd-mobile';
import { useAppInfo } from '../../../shared/api/app';
import { HtmlContent } from '../../../shared/components/HtmlContent';

const SHOWN_KEY = 'welcomeModalShown';

/** The optional welcome modal (index_modal 1), shown once per browser session. */
export function WelcomeModal() {
  const { data: app } = useAppInfo();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (app?.index_modal === 1 && app.webcontent && !sessionStorage.getItem(SHOWN_KEY)) {
      sessionStorage.setItem(SHOWN_KEY, '1');
      setVisible(true);
    }
  }, [app?.index_modal, app?.webcontent]);
  if (!app) return null;
  return (
    <Modal
      visible={visible}
      className="welcome-modal"
      title={app.title || '欢迎'}
      content={<div data-testid="welcome-modal"><HtmlContent html={app.webcontent} /></div>}
      closeOnAction
      showCloseButton
      onClose={() => setVisible(false)}
      actions={[{ key: 'ok', text: '我知道了', primary: true }]}
    />
  );
}
