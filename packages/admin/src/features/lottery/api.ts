import type { AdminLotteryRow, AdminRoomRow, ChatMessage } from '@app/contract';
import { api } from '../../shared/api';

/** The console's room calls (/admin/api/lottery/rooms), typed by the contract's shapes. */

/** What 编辑房间 sends: the stakes in yuan as typed (the contract's roomSettingsFailure decides). */
export interface RoomSettings {
  title: string;
  enabled: boolean;
  sort: number | null;
  min_stake: number | null;
  max_stake: number | null;
}

/** 新增房间: a room's settings and the lottery it belongs to. */
export interface NewRoom extends RoomSettings {
  lottery: string;
}

/** 开奖设置: a lottery's interval and 封盘 in seconds as typed, and its switch (the contract's lotterySettingsFailure decides). */
export interface LotterySettings {
  interval_s: number | null;
  ftime_s: number | null;
  enabled: boolean;
}

/** What POST /lotteries/:code/settings answers: timing_from is when a new timing takes over ('' when it did not change). */
export interface LotterySettingsSaved {
  code: string;
  interval_s: number;
  ftime_s: number;
  enabled: boolean;
  timing_from: string;
}

export const roomKeys = {
  rooms: ['lottery-rooms'] as const,
  lotteries: ['lotteries'] as const,
};

export const roomApi = {
  rooms: async () => (await api.get<AdminRoomRow[]>('/lottery/rooms')).data,
  save: ({ id, ...settings }: RoomSettings & { id: number }) => api.post<AdminRoomRow>(`/lottery/rooms/${id}`, settings),
  create: (room: NewRoom) => api.post<AdminRoomRow>('/lottery/rooms', room),
  /** 主持人发言: the message as the room got it. */
  host: ({ id, content }: { id: number; content: string }) => api.post<ChatMessage>(`/lottery/rooms/${id}/host`, { content }),
};

export const lotteryApi = {
  lotteries: async () => (await api.get<AdminLotteryRow[]>('/lotteries')).data,
  saveSettings: ({ code, ...settings }: LotterySettings & { code: string }) => api.post<LotterySettingsSaved>(`/lotteries/${encodeURIComponent(code)}/settings`, settings),
};
