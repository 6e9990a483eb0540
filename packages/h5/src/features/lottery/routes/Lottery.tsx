import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@app/contract';
import { sessionEnded, useToken } from '../../../shared/auth/session';
import { toast } from '../../../shared/lib/toast';
import { Room } from './Room';
import { RoomList } from './RoomList';
import '../lottery.css';

/** spec §2: without a token the lottery room says 请登录！ and goes to / after 1 s. */
const LOGIN_REDIRECT_MS = 1000;

/**
 * /lottery?name=<code>: the rooms of a lottery. /lottery?room_id=<id>: the chat room itself.
 * Both need a session.
 */
export default function Lottery() {
  const [params] = useSearchParams();
  const token = useToken();
  const navigate = useNavigate();

  useEffect(() => {
    // A session being ended is sent to /login by the shell; only a visitor is turned away here.
    if (token || sessionEnded()) return;
    void toast(MSG.notLoggedIn);
    const timer = setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [token]);

  if (!token) return <div className="lot-guest" data-testid="lottery-guest" />;
  const roomId = Number(params.get('room_id'));
  if (Number.isInteger(roomId) && roomId > 0) return <Room key={roomId} roomId={roomId} />;
  const name = params.get('name') ?? '';
  if (name) return <RoomList name={name} />;
  return <Navigate replace to="/" />;
}
