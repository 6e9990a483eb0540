import type { AdminRoomRow, ChatMessage } from '@app/contract';
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

export const roomKeys = {
  rooms: ['lottery-rooms'] as const,
};

export const roomApi = {
  rooms: async () => (await api.get<AdminRoomRow[]>('/lottery/rooms')).data,
  save: ({ id, ...settings }: RoomSettings & { id: number }) => api.post<AdminRoomRow>(`/lottery/rooms/${id}`, settings),
  /** 主持人发言: the message as the room got it. */
  host: ({ id, content }: { id: number; content: string }) => api.post<ChatMessage>(`/lottery/rooms/${id}/host`, { content }),
};
