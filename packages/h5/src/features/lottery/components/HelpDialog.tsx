import CenterPopup from 'antd-mobile/es/components/center-popup';
import { CloseOutline } from 'antd-mobile-icons';
import { LOTTERY_STAKE_DEFAULT_YUAN, LOTTERY_TYPE, drawBlockMessage, formatYuan, type LotteryRoomData } from '@app/contract';
import '../six-plays.css';

function oddsRange(odds: number[]): string {
  const min = Math.min(...odds);
  const max = Math.max(...odds);
  return min === max ? String(min) : `${min} ~ ${max}`;
}

/**
 * 玩法说明: the rules of the plays (from the room's playbox), what odds mean, and how to verify a
 * result step by step: the same steps as the server's fair.ts and the verify view.
 */
export function HelpDialog({ room, visible, onClose }: { room: LotteryRoomData; visible: boolean; onClose: () => void }) {
  const dice = room.lottery.type === LOTTERY_TYPE.dice;
  const n = dice ? 6 : 49;
  const example = room.playbox[0]?.childrens[0];
  const exampleMessage = drawBlockMessage(room.lottery.name, room.lottery.nowdata.nextexpect, 0);
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} onClose={onClose} className="lot-help-popup" bodyClassName="lot-help">
      <div className="lot-help-head">
        <span>玩法说明</span>
        <button type="button" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="lot-help-body" data-testid="help-dialog">
        <h4>开奖与封盘</h4>
        <p>
          {room.lottery.title}
          {dice ? '每期开出三颗骰子。' : '每期从 1~49 中开出七个不同号码，前六个为正码，第七个为特码。'}
          开奖前 {room.ftime} 秒封盘，封盘后停止投注；开奖后系统自动结算，中奖金额即时派发到中心钱包。
        </p>

        <h4>玩法规则</h4>
        {room.playbox.map((g) => (
          <div key={g.name} className="lot-help-play">
            <div className="lot-help-play-head">
              <b>{g.name}</b>
              <span>赔率 {oddsRange(g.childrens.map((c) => c.odds))}</span>
            </div>
            <p>{g.desc}</p>
            {g.childrens.some((c) => c.nums) && (
              // 生肖 and 尾数: which numbers each option covers (生肖 as of the open round's lunar year)
              <div className="lot-help-covers" data-testid="help-covers">
                {g.childrens.map((c) => (
                  <div key={c.id} className="lot-help-cover">
                    <b>{c.playtitle}</b>
                    <span>{c.nums?.map((n) => String(n).padStart(2, '0')).join(' ')}</span>
                  </div>
                ))}
              </div>
            )}
          </div>
        ))}

        <h4>赔率说明</h4>
        <p>
          赔率为含本金的返还倍数，每个选中的选项按所选金额各投一注（默认 {LOTTERY_STAKE_DEFAULT_YUAN} 元）。
          {example &&
            `例如投注 ${LOTTERY_STAKE_DEFAULT_YUAN} 元于赔率 ${example.odds} 的「${example.playtitle}」，中奖返还 ${formatYuan(LOTTERY_STAKE_DEFAULT_YUAN * example.odds)} 元（含本金），未中奖本金不退。`}
          {!dice && '特码两面开出 49 时退还本金；特码、生肖、尾数中 49 与其他号码相同（49 属当年生肖、为 9 尾）。连码多选号码时，所选号码中每一组都是一注（复式）。'}
        </p>

        <h4>公平性验证</h4>
        <ol className="lot-help-steps">
          <li>开盘前，系统随机生成 32 字节的种子，并公布它的 SHA-256 哈希作为本期承诺（房间顶部「本期承诺」），开奖前无法更改。</li>
          <li>
            开奖时，以种子为密钥，对「彩种代码 + 期号 + ':' + 序号」做 HMAC-SHA256（例如 <code>{exampleMessage}</code>，序号从 0 起），得到一串随机字节，逐字节读取。
          </li>
          <li>
            取数：字节 b 小于 {256 - (256 % n)} 时结果为 1 + b mod {n}，否则舍弃该字节读下一个（拒绝采样，每个结果概率完全相等）。
            {dice ? '依次开出三颗骰子。' : '与已开号码重复也舍弃，直到开出七个不同号码。'}
          </li>
          <li>开奖后，种子公开在「开奖记录」中。点击「验证」，本机浏览器会重新计算 SHA-256 承诺与开奖号码并逐步展示；也可用任意 SHA-256 / HMAC 工具自行复算。</li>
        </ol>
      </div>
    </CenterPopup>
  );
}
