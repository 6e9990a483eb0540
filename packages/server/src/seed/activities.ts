/**
 * Seeded promotions. `type` is the index into ACTIVITY_TYPES (the ids are assigned at insert);
 * content is the description and memo the rules, both HTML sanitized on write.
 */
export const ACTIVITY_TYPES = ['限时活动', '新人首存', '日常活动'] as const;
export type ActivityTypeName = (typeof ACTIVITY_TYPES)[number];

export interface ActivitySeed {
  key: string;
  type: ActivityTypeName;
  title: string;
  content: string;
  memo: string;
  /** Days before the seed the activity was published. */
  ageDays: number;
}

export const ACTIVITIES: ActivitySeed[] = [
  {
    key: 'first-deposit',
    type: '新人首存',
    title: '新会员首存100%彩金',
    content:
      '<p>新会员首次存款即可获得<b>100%</b>彩金，最高<b>888元</b>！</p><p>注册后7天内完成首存，在活动页面点击“立即申请”，审核通过后彩金自动添加到中心钱包。</p>',
    memo:
      '<ol><li>活动对象：注册7天内完成首次存款的新会员。</li><li>首存100元起，赠送存款金额的100%，单个会员最高赠送888元。</li><li>存款金额与彩金需完成15倍有效投注方可取款。</li><li>彩票游戏、体育赛事中赔率低于1.5的注单不计入有效投注。</li><li>每位会员、每个IP、每张银行卡仅可参加一次。</li><li>平台保留对本活动的最终解释权。</li></ol>',
    ageDays: 30,
  },
  {
    key: 'second-deposit',
    type: '新人首存',
    title: '二存加赠50%彩金',
    content: '<p>完成首存后，第二笔存款再享<b>50%</b>加赠，最高<b>588元</b>。</p><p>双重礼遇，助您畅玩无忧。</p>',
    memo:
      '<ol><li>活动对象：已领取首存彩金且在注册15天内完成第二笔存款的会员。</li><li>第二笔存款200元起，赠送50%，最高588元。</li><li>存款金额与彩金需完成12倍有效投注方可取款。</li><li>本活动不与其他存款优惠同享。</li></ol>',
    ageDays: 30,
  },
  {
    key: 'daily-checkin',
    type: '日常活动',
    title: '每日签到 连签7天送38元',
    content: '<p>每天存款并投注满<b>500元</b>即算签到一次，连续签到越久奖励越高，第7天最高可得<b>38元</b>。</p>',
    memo:
      '<ol><li>每日（北京时间00:00~23:59）当日存款不少于100元且有效投注满500元即视为签到成功。</li><li>连续签到第1~3天每天奖励3元，第4~6天每天奖励5元，第7天奖励38元。</li><li>中断签到后从第1天重新计算。</li><li>奖励需完成1倍有效投注即可取款。</li></ol>',
    ageDays: 20,
  },
  {
    key: 'slot-rescue',
    type: '日常活动',
    title: '电子游艺每日救援金',
    content: '<p>电子游艺当日亏损满<b>500元</b>，次日即可申请最高<b>3%</b>的救援金，最高<b>5,888元</b>。</p>',
    memo:
      '<ol><li>救援金按前一日电子游艺净亏损计算：亏损500元起赠送1%，5,000元起赠送2%，20,000元起赠送3%。</li><li>请于次日12:00~23:59在活动页面申请，逾期视为放弃。</li><li>救援金需完成3倍有效投注方可取款。</li><li>当日领取过其他电子游艺优惠的会员不可申请。</li></ol>',
    ageDays: 18,
  },
  {
    key: 'live-streak',
    type: '日常活动',
    title: '真人视讯连赢奖励',
    content: '<p>真人百家乐单局投注满<b>100元</b>，连赢<b>8局</b>及以上即可申请额外奖金，最高<b>1,888元</b>。</p>',
    memo:
      '<ol><li>连赢8局奖励88元，连赢10局奖励388元，连赢12局及以上奖励1,888元。</li><li>连赢必须为同一桌台、同一方向的连续注单，和局不中断亦不计入。</li><li>请在达成后24小时内截图联系在线客服申请。</li><li>奖金需完成1倍有效投注方可取款。</li></ol>',
    ageDays: 15,
  },
  {
    key: 'spring-redpacket',
    type: '限时活动',
    title: '新春红包雨 天天抢不停',
    content: '<p>新春期间每天<b>10:00~12:00</b>开启红包雨，满足条件即可抽取，单个红包最高<b>8,888元</b>！</p>',
    memo:
      '<ol><li>活动时间：春节前后共15天，每日10:00~12:00（北京时间）。</li><li>昨日12:00至今日10:00期间累计存款满500元即可获得抽取资格，存款越多抽取次数越多。</li><li>红包金额随机，最高8,888元，需完成1倍有效投注方可取款。</li><li>抽取记录可在“福利中心”查看。</li></ol>',
    ageDays: 6,
  },
  {
    key: 'euro-cup',
    type: '限时活动',
    title: '欧洲杯冠军竞猜 赢取万元大奖',
    content: '<p>竞猜欧洲杯冠军球队，猜中即可瓜分<b>100,000元</b>奖池！体育投注满额还可额外获得竞猜次数。</p>',
    memo:
      '<ol><li>竞猜时间：小组赛开赛前至1/4决赛开赛前。</li><li>活动期间体育赛事累计有效投注每满1,000元获得1次竞猜机会，每位会员最多10次。</li><li>猜中冠军的会员按竞猜次数平分奖池，单人最高20,000元。</li><li>奖金于决赛结束后3个工作日内派发，需完成1倍有效投注方可取款。</li></ol>',
    ageDays: 3,
  },
  {
    key: 'vip-upgrade',
    type: '日常活动',
    title: 'VIP晋级礼金 最高88,888元',
    content: '<p>每晋升一级即可获得对应的<b>晋级礼金</b>，从VIP2到VIP10累计可得最高<b>88,888元</b>，还有专属返水与生日礼金。</p>',
    memo:
      '<ol><li>晋级礼金：VIP2 18元、VIP3 58元、VIP4 188元、VIP5 588元、VIP6 1,288元、VIP7 3,888元、VIP8 8,888元、VIP9 18,888元、VIP10 54,288元。</li><li>晋级需同时满足累计存款与累计有效投注要求，每日最多晋升一级。</li><li>90天内未达到保级流水将降低一级。</li><li>礼金1倍有效投注即可取款。</li></ol>',
    ageDays: 40,
  },
];
