import Popup, { type PopupProps } from 'antd-mobile/es/components/popup';
import { useBackCloses } from '../hooks/useBackCloses';

/** antd-mobile's Popup, closed by the phone's back gesture too (useBackCloses): every sheet of the app. */
export function Sheet(props: PopupProps & { visible: boolean; onClose: () => void }) {
  useBackCloses(props.visible, props.onClose);
  return <Popup {...props} />;
}
