import type { ToastShowProps } from 'antd-mobile';

/**
 * antd-mobile's Toast, loaded on first use so that the shell and the hall paint without its
 * animation library. Same props as Toast.show.
 */
export async function toast(props: string | ToastShowProps): Promise<void> {
  const Toast = (await import('antd-mobile/es/components/toast')).default;
  Toast.show(props);
}
