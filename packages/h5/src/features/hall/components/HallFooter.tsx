import { useAppInfo } from '../../../shared/api/app';
import { useGo } from '../../../shared/hooks/useGo';

const LINKS = [
  { to: '/boutBallBetInfo?type=7', title: '关于我们' },
  { to: '/boutBallBet', title: '帮助中心' },
  { to: '/abouts?type=5', title: '条款与规则' },
  { to: '/abouts?type=6', title: '隐私政策' },
  { to: '/boutBallBetInfo?type=8', title: '博彩责任' },
];

/** The hall's foot: the rules and help pages, responsible-gaming marks and the copyright line. */
export function HallFooter() {
  const { data: app } = useAppInfo();
  const go = useGo();
  return (
    <footer className="hall-footer" data-testid="hall-footer">
      <nav className="hall-footer-links">
        {LINKS.map((l) => (
          <button key={l.to} onClick={() => go(l.to)}>{l.title}</button>
        ))}
      </nav>
      <div className="hall-footer-badges">
        <span className="hall-footer-badge"><b>18+</b> 未成年人禁止参与</span>
        <span className="hall-footer-badge">理性娱乐 · 量力而行</span>
      </div>
      <div className="hall-footer-copy">© {new Date().getFullYear()} {app?.title} 版权所有</div>
    </footer>
  );
}
