import { Badge, Button, List } from 'antd-mobile';
import { useGo } from '../../../shared/hooks/useGo';
import { MineHero } from '../components/MineHero';
import { ACCOUNT_LINKS, serviceLinks, WALLET_LINKS } from '../components/mineLinks';
import { useLogout } from '../components/useLogout';
import { useLiveMine } from '../components/useLiveMine';
import { MineVip } from '../components/MineVip';
import { MineWelfare } from '../components/MineWelfare';
import '../components/profile.css';

/** /mine (spec §2): the member's hero, wallet shortcuts, VIP, the welfare centre, services and account links; its figures stay live. */
export default function Mine() {
  const { user, unread } = useLiveMine();
  const go = useGo();
  const logout = useLogout();

  return (
    <div className="mine">
      <MineHero user={user} go={go} />
      <div className="mine-card mine-shortcuts">
        {WALLET_LINKS.map((l) => (
          <button key={l.key} type="button" className="mine-shortcut" data-testid={`mine-link-${l.key}`} onClick={() => go(l.to)}>
            <span className="mine-shortcut-icon">{l.icon}</span>
            <span>{l.title}</span>
          </button>
        ))}
      </div>

      {user && <MineVip user={user} go={go} />}
      <MineWelfare go={go} />

      <div className="mine-card">
        <div className="mine-card-title">常用功能</div>
        <div className="mine-grid">
          {serviceLinks(user?.isagent === 1).map((l) => (
            <button key={l.key} type="button" className="mine-grid-item" data-testid={`mine-link-${l.key}`} onClick={() => go(l.to)}>
              <Badge content={l.key === 'message' && unread ? unread : null}>
                <span className="mine-grid-icon" style={{ background: `linear-gradient(135deg, ${l.tint?.[0]} 0%, ${l.tint?.[1]} 100%)` }}>
                  {l.icon}
                </span>
              </Badge>
              <span className="mine-grid-title">{l.title}</span>
            </button>
          ))}
        </div>
      </div>

      <div className="mine-card mine-list">
        <List>
          {ACCOUNT_LINKS.map((l) => (
            <List.Item key={l.key} prefix={<span className="mine-list-icon">{l.icon}</span>} onClick={() => go(l.to)} arrowIcon data-testid={`mine-link-${l.key}`}>
              {l.title}
            </List.Item>
          ))}
        </List>
      </div>

      <div className="mine-logout">
        <Button block shape="rounded" size="large" data-testid="mine-logout" onClick={() => void logout()}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
