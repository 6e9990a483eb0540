import type { MailMessage, Notice, Page } from '@app/contract';
import { request } from '../../shared/api/client';

export const noticesKey = ['notices'] as const;
export const mailsKey = ['mail', 'list'] as const;

export function fetchNotices(page: number): Promise<Page<Notice>> {
  return request<Page<Notice>>('noticeList', { body: { page } });
}
export function fetchMails(page: number): Promise<Page<MailMessage>> {
  return request<Page<MailMessage>>('message/list', { body: { page } });
}
export function markMailRead(id: number): Promise<unknown> {
  return request('message/read', { body: { id } });
}
