import { RightOutline } from 'antd-mobile-icons';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useGo } from '../../../shared/hooks/useGo';
import { SPONSORSHIPS } from '../api';
import '../sponsor.css';

/** 赞助 (大舞台): the sponsorships, each opening its station page. */
export default function Zhanzhu() {
  const go = useGo();
  return (
    <div className="sponsor" data-testid="sponsor-list">
      <div className="sponsor-hero">
        <div className="sponsor-hero-title">大舞台</div>
        <div className="sponsor-hero-sub">官方赞助 · 与冠军同行</div>
      </div>
      <div className="sponsor-cards">
        {SPONSORSHIPS.map((s) => (
          <button key={s.type} className="sponsor-card" data-testid={`sponsor-${s.type}`} onClick={() => go(`/zhanzhuye?type=${s.type}`)}>
            <SmartImage src={s.image} label={s.name} className="sponsor-card-img" />
            <span className="sponsor-card-foot">
              <span className="sponsor-card-text">
                <span className="sponsor-card-role">{s.role}</span>
                <span className="sponsor-card-name">{s.name}</span>
                <span className="sponsor-card-blurb">{s.blurb}</span>
              </span>
              <span className="sponsor-card-go">了解更多 <RightOutline fontSize={10} /></span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
