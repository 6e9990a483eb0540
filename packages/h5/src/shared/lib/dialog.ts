import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile';
import { MSG } from '@app/contract';

/**
 * antd-mobile's Dialog, loaded on first use: its animation library is not part of the hall's
 * first paint. Same props and results as Dialog.confirm / Dialog.alert.
 */
async function dialog() {
  return (await import('antd-mobile/es/components/dialog')).default;
}
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return (await dialog()).confirm(props);
}
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  return (await dialog()).alert(props);
}

/** 精彩内容等你来体验，快来登录吧！ — true when the visitor chose to log in. */
export function confirmLogin(): Promise<boolean> {
  return confirmDialog({ content: MSG.loginRequiredConfirm, confirmText: '去登录', cancelText: '取消' });
}
