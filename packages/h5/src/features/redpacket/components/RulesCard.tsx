import type { UserRedPacket } from '@app/contract';
import { ruleLines } from '../rules';

/** 活动规则, generated from the staff's rules (never written here). */
export function RulesCard({ today }: { today: UserRedPacket }) {
  return (
    <section className="hb-card hb-rules" data-testid="hongbao-rules">
      <h3 className="hb-card-title">
        <span>活动规则</span>
      </h3>
      <ol>
        {ruleLines(today).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
