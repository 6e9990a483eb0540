import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile';

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
