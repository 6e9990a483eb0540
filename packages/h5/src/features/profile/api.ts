import type { UserInfo } from '@app/contract';
import { request } from '../../shared/api/client';

/** The member's own profile calls of spec §7. */

export function refreshUserMoney(): Promise<UserInfo> {
  return request<UserInfo>('refreshusermoney', { body: {} });
}

export function uploadAvatar(file: Blob, name: string): Promise<{ avatar: string }> {
  const body = new FormData();
  body.append('file', file, name);
  return request<{ avatar: string }>('uploadimg', { body, overlay: true });
}

export interface ProfileInput {
  mobile: string;
  email: string;
  birthday: string;
}
export function updateUserInfo(input: ProfileInput): Promise<UserInfo> {
  return request<UserInfo>('updateuserinfo', { body: input, overlay: true });
}

/** Both calls take `password` = the old one and `paypassword` = the new one (spec §7). */
export interface PasswordChange {
  password: string;
  paypassword: string;
}
export function editPassword(body: PasswordChange): Promise<unknown> {
  return request('editPassword', { body, overlay: true });
}
export function editPayPassword(body: PasswordChange): Promise<unknown> {
  return request('editPayPassword', { body, overlay: true });
}

/** POST /api/setPayPassword: `password` is the login password (proof), `paypassword` the new payment password. */
export function setPayPassword(body: PasswordChange): Promise<unknown> {
  return request('setPayPassword', { body, overlay: true });
}

/** Revokes this session on the server; the client clears itself whatever the answer. */
export async function logoff(): Promise<void> {
  await request('logoff').catch(() => undefined);
}
