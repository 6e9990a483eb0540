import { useQuery } from '@tanstack/react-query';
import type { LotteryListItem, LotteryMyOrder, LotteryOrderLine, LotteryRoomData, LotteryRoomListItem, Page } from '@app/contract';
import { call, request } from '../../shared/api/client';

/** The lottery room calls of spec §7 "Lottery room". */

/** POST /api/lotteryList: the in-house lotteries (the hall's lottery tiles and the room list's heading). */
export function useLotteryList() {
  return useQuery({ queryKey: ['lotteryList'], queryFn: () => request<LotteryListItem[]>('lotteryList'), staleTime: 5 * 60_000 });
}

export const roomListKey = (name: string) => ['lotteryRooms', name] as const;
export const roomKey = (roomId: number) => ['lotteryRoom', roomId] as const;

/** POST /api/lotteryRoom {name}: the rooms of one lottery. */
export function useRoomList(name: string) {
  return useQuery({
    queryKey: roomListKey(name),
    queryFn: () => request<LotteryRoomListItem[]>('lotteryRoom', { body: { name } }),
    enabled: !!name,
    staleTime: 60_000,
  });
}

export interface RoomAnswer {
  room: LotteryRoomData;
  /** Date.now() when the answer arrived */
  receivedAt: number;
}

/**
 * GET /api/lotteryRoom?room_id=: the room with its clock. `receivedAt` is when the answer arrived:
 * the countdown runs from it (timeout is seconds from the server's now), not from when it was asked.
 */
export function useRoom(roomId: number) {
  return useQuery({
    queryKey: roomKey(roomId),
    queryFn: async (): Promise<RoomAnswer> => {
      const room = await request<LotteryRoomData>(`lotteryRoom?room_id=${roomId}`, { method: 'GET' });
      return { room, receivedAt: Date.now() };
    },
    enabled: roomId > 0,
    // The clock inside goes stale by the second: every refetch is asked for explicitly.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export interface OrderLine {
  id: string;
  /** The option as the playbox titles it (sent as the line's data: what the member chose). */
  playtitle: string;
  total: number;
  /** 连码: the line's numbers, sent as its data instead */
  picks?: number[];
}

/** POST /api/lotteryOrder: the whole envelope, so the caller shows the server's message either way. */
export function placeOrder(roomId: number, expect: string, lines: OrderLine[]) {
  const order: LotteryOrderLine[] = lines.map((l) => ({ id: l.id, total: l.total, data: l.picks ?? l.playtitle }));
  return call<{ order_no: string; expect: string }>('lotteryOrder', { body: { room_id: roomId, expect, order }, overlay: true });
}

export const myOrdersKey = (roomId: number) => ['lotteryMyOrders', roomId] as const;

/** POST /api/lotteryMyOrders {room_id, page}: the member's own lines in the room's lottery (我的注单). */
export function fetchMyOrders(roomId: number, page: number): Promise<Page<LotteryMyOrder>> {
  return request<Page<LotteryMyOrder>>('lotteryMyOrders', { body: { room_id: roomId, page } });
}
