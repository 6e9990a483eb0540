import { LINES_3X3, LINES_5X3, type SlotMachine, type SlotSymbol } from './engine.js';

/**
 * The demo venue's sixteen slot machines, four per electronic-game provider. Each `rtp` is written as the
 * exact fraction the RTP test proves: (Σ over reel-stop combinations of the pay per line bet) / (number
 * of combinations), the denominator being the product of the strip lengths.
 */
const MAX_STAKE_FEN = 500_000; // 5,000 元 per spin

const sym = (key: string, label: string, color: string, kind?: 'wild' | 'scatter'): SlotSymbol => (kind ? { key, label, color, kind } : { key, label, color });

type MachineData = Omit<SlotMachine, 'rules' | 'maxStakeFen' | 'rows'>;

const DATA: MachineData[] = [
  {
    code: 'obgdy_fruit',
    name: '水果派对',
    provider: 'obgdy',
    theme: { name: '水果', background: ['#1e2a78', '#3a5bef'], accent: '#ffd166' },
    reels: ['CLOPWBCLOPCWLOSCPBLOWCPLOCBWPLOC', 'WLOSCPBLOWCPLOCBWPLOCCLOPWBCLOPC', 'CPLOCBWPLOCCLOPWBCLOPCWLOSCPBLOW'],
    lines: LINES_3X3,
    symbols: [
      sym('S', '红七', '#e63946'),
      sym('B', '铃铛', '#f4a261'),
      sym('W', '西瓜', '#2a9d8f'),
      sym('P', '葡萄', '#7b2cbf'),
      sym('O', '橙子', '#fb8500'),
      sym('L', '柠檬', '#e9c46a'),
      sym('C', '樱桃', '#d00000'),
    ],
    pays: { S: { 3: 1000 }, B: { 3: 150 }, W: { 3: 75 }, P: { 3: 40 }, O: { 3: 25 }, L: { 3: 20 }, C: { 2: 3, 3: 10 } },
    rtp: 31675 / 32768, // 0.966644287109375
  },
  {
    code: 'obgdy_caishen',
    name: '财神到',
    provider: 'obgdy',
    theme: { name: '财神', background: ['#7a1020', '#e0434f'], accent: '#ffd700' },
    reels: [
      'QHPDTFWQHYPDQHTFQHPDWYQHTFPDQH',
      'FWQHYPDQHTFQHPDWYQHTFPDQHQHPDT',
      'PDQHTFQHPDWYQHTFPDQHQHPDTFWQHY',
      'FQHPDWYQHTFPDQHQHPDTFWQHYPDQHT',
      'WYQHTFPDQHQHPDTFWQHYPDQHTFQHPD',
    ],
    lines: LINES_5X3.slice(0, 20),
    symbols: [
      sym('W', '财神', '#ffd700', 'wild'),
      sym('Y', '元宝', '#f6c453'),
      sym('T', '金蟾', '#c9a227'),
      sym('F', '福袋', '#d62828'),
      sym('P', '鞭炮', '#e85d04'),
      sym('D', '灯笼', '#ff4d6d'),
      sym('Q', '铜钱', '#b08968'),
      sym('H', '红包', '#c1121f'),
    ],
    pays: {
      W: { 3: 50, 4: 200, 5: 1000 },
      Y: { 3: 40, 4: 150, 5: 500 },
      T: { 3: 25, 4: 100, 5: 300 },
      F: { 3: 20, 4: 75, 5: 200 },
      P: { 3: 10, 4: 30, 5: 100 },
      D: { 3: 6, 4: 25, 5: 80 },
      Q: { 3: 4, 4: 12, 5: 40 },
      H: { 3: 3, 4: 10, 5: 30 },
    },
    rtp: 23619433 / 24300000, // 0.97199312757…
  },
  {
    code: 'obgdy_mahjong',
    name: '麻将胡了',
    provider: 'obgdy',
    theme: { name: '麻将', background: ['#0b3d2e', '#1f8a5b'], accent: '#ffd166' },
    reels: ['WLTLBZTFWLTLWBLTZWLTLBFWLTLZWTBL', 'LWBLTZWLTLBFWLTLZWTBLWLTLBZTFWLT', 'WLTLZWTBLWLTLBZTFWLTLWBLTZWLTLBF'],
    lines: LINES_3X3,
    symbols: [
      sym('F', '发财', '#1b7f4b', 'wild'),
      sym('Z', '红中', '#d00000'),
      sym('B', '白板', '#4361ee'),
      sym('W', '八万', '#c1121f'),
      sym('T', '五筒', '#0077b6'),
      sym('L', '三条', '#2d6a4f'),
    ],
    pays: { F: { 3: 120 }, Z: { 3: 65 }, B: { 3: 24 }, W: { 3: 10 }, T: { 3: 6 }, L: { 3: 5 } },
    rtp: 31523 / 32768, // 0.962005615234375
  },
  {
    code: 'obgdy_panda',
    name: '熊猫福宝',
    provider: 'obgdy',
    theme: { name: '熊猫', background: ['#1b4332', '#52b788'], accent: '#ffd166' },
    reels: [
      'QJNAKQTJSAKNQJWAKQTJNAQKJSNQATJK',
      'TJSAKNQJAKQTJNAWQKJSNQATJKQJNAKWQ',
      'QJAKQTJNAWQKJSNQATJKQJNAKWQTJSAKN',
      'JNAWQKJSNQATJKQJNAKWQTJSAKNQJAKQT',
      'ATJKQJNAKWQTJSAKNQJAKQTJNAWQKJSNQ',
    ],
    lines: LINES_5X3.slice(0, 20),
    symbols: [
      sym('W', '熊猫', '#f8f9fa', 'wild'),
      sym('S', '金竹', '#e9c46a', 'scatter'),
      sym('T', '寿桃', '#ff8fa3'),
      sym('N', '中国结', '#d62828'),
      sym('A', '福', '#e63946'),
      sym('K', '禄', '#f4a261'),
      sym('Q', '寿', '#2a9d8f'),
      sym('J', '喜', '#ff4d6d'),
    ],
    pays: {
      W: { 3: 50, 4: 250, 5: 1000 },
      T: { 3: 30, 4: 100, 5: 450 },
      N: { 3: 20, 4: 85, 5: 300 },
      A: { 3: 10, 4: 35, 5: 100 },
      K: { 3: 6, 4: 30, 5: 90 },
      Q: { 3: 4, 4: 20, 5: 60 },
      J: { 3: 2, 4: 10, 5: 50 },
    },
    scatterPays: { 3: 2, 4: 10, 5: 50 },
    rtp: 1133017 / 1185921, // 0.95538994587…
  },
  {
    code: 'fgdz_dragon',
    name: '龙凤呈祥',
    provider: 'fgdz',
    theme: { name: '龙凤', background: ['#6a0d5e', '#e0399f'], accent: '#ffcf56' },
    reels: ['RXMYQFRLXMYRQXMRFYRXMQRYLXMRFQYXMR', 'LXMYRQXMRFYRXMQRYLXMRFQYXMRRXMYQFR', 'XMQRYLXMRFQYXMRRXMYQFRLXMYRQXMRFYR'],
    lines: LINES_3X3,
    symbols: [
      sym('L', '金龙', '#ffb703', 'wild'),
      sym('F', '彩凤', '#ef233c'),
      sym('Q', '麒麟', '#2b9348'),
      sym('Y', '玉佩', '#52b788'),
      sym('X', '祥云', '#4cc9f0'),
      sym('M', '牡丹', '#f72585'),
      sym('R', '如意', '#9d4edd'),
    ],
    pays: { L: { 3: 300 }, F: { 3: 75 }, Q: { 3: 35 }, Y: { 3: 18 }, X: { 3: 10 }, M: { 3: 7 }, R: { 3: 4 } },
    rtp: 37021 / 39304, // 0.94191430897…
  },
  {
    code: 'fgdz_sanguo',
    name: '三国群英',
    provider: 'fgdz',
    theme: { name: '三国', background: ['#3d0c02', '#a4161a'], accent: '#e9c46a' },
    reels: [
      'JDGZYCQWSLJDGZYJCQDWJSLGZYCQDJ',
      'ZYCQWSLJDGZYJCQDWJSLGZYCQDJJDG',
      'QWSLJDGZYJCQDWJSLGZYCQDJJDGZYC',
      'LJDGZYJCQDWJSLGZYCQDJJDGZYCQWS',
      'GZYJCQDWJSLGZYCQDJJDGZYCQWSLJD',
    ],
    lines: LINES_5X3.slice(0, 25),
    symbols: [
      sym('W', '玉玺', '#ffd60a', 'wild'),
      sym('S', '兵符', '#00b4d8', 'scatter'),
      sym('L', '刘备', '#2a9d8f'),
      sym('G', '关羽', '#d62828'),
      sym('Z', '张飞', '#343a40'),
      sym('Y', '赵云', '#4361ee'),
      sym('C', '曹操', '#6c757d'),
      sym('Q', '孙权', '#7209b7'),
      sym('D', '战鼓', '#bc6c25'),
      sym('J', '宝剑', '#adb5bd'),
    ],
    pays: {
      W: { 3: 50, 4: 250, 5: 1000 },
      L: { 3: 35, 4: 150, 5: 500 },
      G: { 3: 25, 4: 80, 5: 300 },
      Z: { 3: 20, 4: 65, 5: 250 },
      Y: { 3: 16, 4: 50, 5: 200 },
      C: { 3: 12, 4: 50, 5: 150 },
      Q: { 3: 8, 4: 40, 5: 100 },
      D: { 3: 4, 4: 20, 5: 60 },
      J: { 3: 2, 4: 15, 5: 50 },
    },
    scatterPays: { 3: 1, 4: 3, 5: 10 },
    rtp: 23258910 / 24300000, // 0.95715679012…
  },
  {
    code: 'fgdz_journey',
    name: '西游降魔',
    provider: 'fgdz',
    theme: { name: '西游', background: ['#4a1d0a', '#c2410c'], accent: '#ffd166' },
    reels: [
      'NKQJFPANBKJSQPNAJWFKQNBJPKAQNJSFKPNBQAJ',
      'NBKJSQPNAJWFKQNBJPKAQNJSFKPNBQAJNKQJFPA',
      'PNAJWFKQNBJPKAQNJSFKPNBQAJNKQJFPANBKJSQ',
      'KQNBJPKAQNJSFKPNBQAJNKQJFPANBKJSQPNAJWF',
      'JSFKPNBQAJNKQJFPANBKJSQPNAJWFKQNBJPKAQN',
    ],
    lines: LINES_5X3.slice(0, 25),
    symbols: [
      sym('W', '悟空', '#f4a261', 'wild'),
      sym('S', '葫芦', '#9d4edd', 'scatter'),
      sym('B', '金箍棒', '#e9c46a'),
      sym('F', '芭蕉扇', '#2a9d8f'),
      sym('P', '蟠桃', '#ff8fa3'),
      sym('A', '金', '#e9b949'),
      sym('K', '木', '#2d6a4f'),
      sym('Q', '水', '#0077b6'),
      sym('J', '火', '#e63946'),
      sym('N', '土', '#bc6c25'),
    ],
    pays: {
      W: { 3: 120, 4: 600, 5: 2500 },
      B: { 3: 75, 4: 300, 5: 1200 },
      F: { 3: 60, 4: 200, 5: 800 },
      P: { 3: 40, 4: 125, 5: 500 },
      A: { 3: 25, 4: 75, 5: 250 },
      K: { 3: 20, 4: 60, 5: 200 },
      Q: { 3: 15, 4: 50, 5: 150 },
      J: { 3: 10, 4: 40, 5: 125 },
      N: { 3: 8, 4: 25, 5: 100 },
    },
    scatterPays: { 3: 5, 4: 25, 5: 125 },
    rtp: 87120568 / 90224199, // 0.96560090270…
  },
  {
    code: 'fgdz_tiger',
    name: '虎虎生财',
    provider: 'fgdz',
    theme: { name: '金虎', background: ['#7c2d12', '#f59e0b'], accent: '#fff3b0' },
    reels: ['CGHXWOCXCOGCXHOCXCGWOCXCHOXGCOCX', 'OCXCGWOCXCHOXGCOCXCGHXWOCXCOGCXH', 'XGCOCXCGHXWOCXCOGCXHOCXCGWOCXCHO'],
    lines: LINES_3X3,
    symbols: [
      sym('W', '金虎', '#f59e0b', 'wild'),
      sym('H', '虎符', '#c9a227'),
      sym('G', '金锣', '#e9b949'),
      sym('O', '金桔', '#fb8500'),
      sym('X', '绣球', '#e63946'),
      sym('C', '爆竹', '#d00000'),
    ],
    pays: { W: { 3: 150 }, H: { 3: 45 }, G: { 3: 25 }, O: { 3: 12 }, X: { 3: 8 }, C: { 2: 1, 3: 3 } },
    rtp: 31441 / 32768, // 0.959503173828125
  },
  {
    code: 'pp_egypt',
    name: '埃及艳后',
    provider: 'pp',
    theme: { name: '埃及', background: ['#7a4a00', '#f5b700'], accent: '#00b4d8' },
    reels: [
      'LMABELWSFMLABELMALMWSFLBEAML',
      'ELWSFMLABELMALMWSFLBEAMLLMAB',
      'FMLABELMALMWSFLBEAMLLMABELWS',
      'BELMALMWSFLBEAMLLMABELWSFMLA',
      'ALMWSFLBEAMLLMABELWSFMLABELM',
    ],
    lines: LINES_5X3.slice(0, 10),
    symbols: [
      sym('W', '艳后', '#ffd166', 'wild'),
      sym('S', '金字塔', '#e9c46a', 'scatter'),
      sym('F', '法老', '#1d3557'),
      sym('B', '圣甲虫', '#2a9d8f'),
      sym('E', '荷鲁斯之眼', '#457b9d'),
      sym('A', '安卡', '#c9a227'),
      sym('M', '猫神', '#6d597a'),
      sym('L', '莲花', '#4cc9f0'),
    ],
    pays: {
      W: { 3: 50, 4: 500, 5: 2500 },
      F: { 3: 25, 4: 150, 5: 500 },
      B: { 3: 12, 4: 75, 5: 200 },
      E: { 3: 10, 4: 50, 5: 200 },
      A: { 3: 5, 4: 30, 5: 75 },
      M: { 3: 3, 4: 15, 5: 40 },
      L: { 3: 2, 4: 7, 5: 25 },
    },
    scatterPays: { 3: 1, 4: 5, 5: 50 },
    rtp: 16655112 / 17210368, // 0.96773707…
  },
  {
    code: 'pp_candy',
    name: '糖果乐园',
    provider: 'pp',
    theme: { name: '糖果', background: ['#ff70a6', '#ffd6e0'], accent: '#70d6ff' },
    reels: ['MDIRCBMWDIRCMBDIMRCMDIBWMRCDIMBRCDIM', 'BDIMRCMDIBWMRCDIMBRCDIMMDIRCBMWDIRCM', 'RCDIMBRCDIMMIDRCBMIDRCMIBDMWRICMDBIM'],
    lines: LINES_3X3,
    symbols: [
      sym('W', '彩虹糖', '#ff006e', 'wild'),
      sym('B', '棒棒糖', '#fb5607'),
      sym('R', '软糖', '#8338ec'),
      sym('C', '巧克力', '#6f4518'),
      sym('D', '甜甜圈', '#ff99c8'),
      sym('I', '冰淇淋', '#a0c4ff'),
      sym('M', '马卡龙', '#caffbf'),
    ],
    pays: { W: { 3: 300 }, B: { 3: 50 }, R: { 3: 25 }, C: { 3: 25 }, D: { 3: 15 }, I: { 3: 12 }, M: { 2: 1, 3: 5 } },
    rtp: 44328 / 46656, // 0.95010288065…
  },
  {
    code: 'pp_olympus',
    name: '众神之巅',
    provider: 'pp',
    theme: { name: '神话', background: ['#1e1b4b', '#6d28d9'], accent: '#fcd34d' },
    reels: [
      'NKQHRJANCKSQJRNAWHKQJNCRKAQNJSHKRNCQAJ',
      'NCKSQJRNAWHKQJNCRKAQNJSHKRNCQAJNKQHRJA',
      'RNAWHKQJNCRKAQNJSHKRNCQAJNKQHRJANCKSQJ',
      'QJNCRKAQNJSHKRNCQAJNKQHRJANCKSQJRNAWHK',
      'SHKRNCQAJNKQHRJANCKSQJRNAWHKQJNCRKAQNJ',
    ],
    lines: LINES_5X3.slice(0, 20),
    symbols: [
      sym('W', '宙斯', '#fcd34d', 'wild'),
      sym('S', '闪电', '#60a5fa', 'scatter'),
      sym('C', '圣杯', '#e9b949'),
      sym('H', '沙漏', '#f4a261'),
      sym('R', '戒指', '#e63946'),
      sym('A', '红宝石', '#d00000'),
      sym('K', '蓝宝石', '#0077b6'),
      sym('Q', '祖母绿', '#2d6a4f'),
      sym('J', '紫水晶', '#7b2cbf'),
      sym('N', '黄玉', '#f4a261'),
    ],
    pays: {
      W: { 3: 150, 4: 1000, 5: 5000 },
      C: { 3: 70, 4: 350, 5: 1000 },
      H: { 3: 50, 4: 200, 5: 700 },
      R: { 3: 35, 4: 125, 5: 450 },
      A: { 3: 20, 4: 75, 5: 225 },
      K: { 3: 20, 4: 60, 5: 175 },
      Q: { 3: 15, 4: 45, 5: 125 },
      J: { 3: 10, 4: 35, 5: 100 },
      N: { 3: 8, 4: 25, 5: 90 },
    },
    scatterPays: { 3: 5, 4: 25, 5: 200 },
    rtp: 9532341 / 9904396, // 0.96243536708…
  },
  {
    code: 'pp_vegas',
    name: '霓虹777',
    provider: 'pp',
    theme: { name: '复古', background: ['#2b0a3d', '#b5179e'], accent: '#4cc9f0' },
    reels: ['TVWBDOBDOTDVBODOTWBDODVBOTDBODDO', 'TDVBODOTWBDODVBOTDBODDOTVWBDOBDO', 'VBOTDBODDOTVWBDOBDOTDVBODOTWBDOD'],
    lines: LINES_3X3,
    symbols: [
      sym('W', '霓虹星', '#f72585', 'wild'),
      sym('V', '蓝七', '#3a86ff'),
      sym('T', '三杠', '#ffbe0b'),
      sym('B', '双杠', '#fb5607'),
      sym('O', '单杠', '#8338ec'),
      sym('D', '骰子', '#f8f9fa'),
    ],
    pays: { W: { 3: 160 }, V: { 3: 60 }, T: { 3: 22 }, B: { 3: 16 }, O: { 3: 8 }, D: { 3: 2 } },
    rtp: 15761 / 16384, // 0.96197509765625
  },
  {
    code: 'ae_ocean',
    name: '深海宝藏',
    provider: 'ae',
    theme: { name: '海洋', background: ['#03045e', '#0077b6'], accent: '#90e0ef' },
    reels: [
      'ZCXBHTWSPZCXBHTZCXBWZCSPHTXBZC',
      'WSPZCXBHTZCXBWZCSPHTXBZCZCXBHT',
      'BHTZCXBWZCSPHTXBZCZCXBHTWSPZCX',
      'BWZCSPHTXBZCZCXBHTWSPZCXBHTZCX',
      'HTXBZCZCXBHTWSPZCXBHTZCXBWZCSP',
    ],
    lines: LINES_5X3.slice(0, 20),
    symbols: [
      sym('W', '美人鱼', '#48cae4', 'wild'),
      sym('S', '宝箱', '#e9c46a', 'scatter'),
      sym('P', '珍珠', '#f8f9fa'),
      sym('H', '海马', '#f4a261'),
      sym('T', '海龟', '#2a9d8f'),
      sym('X', '海星', '#ef476f'),
      sym('B', '贝壳', '#ffafcc'),
      sym('Z', '章鱼', '#9d4edd'),
      sym('C', '珊瑚', '#ff6b6b'),
    ],
    pays: {
      W: { 3: 50, 4: 250, 5: 1000 },
      P: { 3: 30, 4: 150, 5: 500 },
      H: { 3: 20, 4: 80, 5: 300 },
      T: { 3: 16, 4: 75, 5: 250 },
      X: { 3: 6, 4: 30, 5: 150 },
      B: { 3: 6, 4: 30, 5: 100 },
      Z: { 3: 3, 4: 20, 5: 60 },
      C: { 3: 2, 4: 15, 5: 60 },
    },
    scatterPays: { 3: 1, 4: 5, 5: 25 },
    rtp: 23044500 / 24300000, // 0.94833333…
  },
  {
    code: 'ae_gems',
    name: '宝石迷阵',
    provider: 'ae',
    theme: { name: '宝石', background: ['#0c4a4a', '#19b3a6'], accent: '#f72585' },
    reels: ['TPAEBRWTPASETPBARETPABTPEWSATPRBEATP', 'ASETPBARETPABTPEWSATPRBEATPTPAEBRWTP', 'ETPABTPEWSATPRBEATPTPAEBRWTPASETPBAR'],
    lines: LINES_3X3,
    symbols: [
      sym('W', '钻石', '#e0fbfc', 'wild'),
      sym('S', '皇冠', '#ffd60a', 'scatter'),
      sym('R', '红宝石', '#d00000'),
      sym('B', '蓝宝石', '#0077b6'),
      sym('E', '祖母绿', '#2d6a4f'),
      sym('A', '紫水晶', '#7b2cbf'),
      sym('T', '黄玉', '#f4a261'),
      sym('P', '珍珠', '#dee2e6'),
    ],
    pays: { W: { 3: 200 }, R: { 3: 80 }, B: { 3: 40 }, E: { 3: 20 }, A: { 3: 12 }, T: { 3: 10 }, P: { 3: 6 } },
    scatterPays: { 3: 5 }, // one 皇冠 per strip at most in view: three is the most a window shows
    rtp: 44644 / 46656, // 0.95687585734…
  },
  {
    code: 'ae_space',
    name: '星际寻宝',
    provider: 'ae',
    theme: { name: '太空', background: ['#0b1026', '#3a0ca3'], accent: '#4cc9f0' },
    reels: [
      'KQFJATUQKJSAFTQJWKAUQFJTKAQJSFKTUQAJ',
      'QKJSAFTQJWKAUQFJTKAQJSFKTUQAJKQFJATU',
      'TQJWKAUQFJTKAQJSFKTUQAJKQFJATUQKJSAF',
      'UQFJTKAQJSFKTUQAJKQFJATUQKJSAFTQJWKA',
      'FKTUQAJKQFJATUQKJSAFTQJWKAUQFJTKAQJS',
    ],
    lines: LINES_5X3.slice(0, 20),
    symbols: [
      sym('W', '火箭', '#ef476f', 'wild'),
      sym('S', '星球', '#f4a261', 'scatter'),
      sym('U', '宇航员', '#f8f9fa'),
      sym('F', '飞碟', '#4cc9f0'),
      sym('T', '卫星', '#adb5bd'),
      sym('A', '黑桃', '#4cc9f0'),
      sym('K', '红桃', '#ef476f'),
      sym('Q', '梅花', '#7cdb5a'),
      sym('J', '方块', '#ffbe0b'),
    ],
    pays: {
      W: { 3: 100, 4: 400, 5: 2000 },
      U: { 3: 50, 4: 200, 5: 750 },
      F: { 3: 35, 4: 150, 5: 500 },
      T: { 3: 30, 4: 100, 5: 400 },
      A: { 3: 15, 4: 45, 5: 175 },
      K: { 3: 12, 4: 35, 5: 150 },
      Q: { 3: 8, 4: 30, 5: 100 },
      J: { 3: 6, 4: 20, 5: 75 },
    },
    scatterPays: { 3: 4, 4: 20, 5: 100 },
    rtp: 29248741 / 30233088, // 0.96744140062…
  },
  {
    code: 'ae_lucky',
    name: '幸运彩虹',
    provider: 'ae',
    theme: { name: '幸运', background: ['#064e3b', '#10b981'], accent: '#ffd700' },
    reels: ['HGCTWGHTGCGHTGTSGHCWGTGHTCGGT', 'HTGTSGHCWGTGHTCGGTHGCTWGHTGCG', 'HTCGGTHGCTWGHTGCGHTGTSGHCWGTG'],
    lines: LINES_3X3,
    symbols: [
      sym('W', '金罐', '#ffd700', 'wild'),
      sym('S', '彩虹', '#ff006e', 'scatter'),
      sym('C', '四叶草', '#2dc653'),
      sym('H', '马蹄铁', '#adb5bd'),
      sym('T', '礼帽', '#1b7f4b'),
      sym('G', '金币', '#e9b949'),
    ],
    pays: { W: { 3: 100 }, C: { 3: 30 }, H: { 3: 16 }, T: { 3: 8 }, G: { 3: 3 } },
    scatterPays: { 3: 5 }, // one 彩虹 per strip: three is the most a window shows
    rtp: 23463 / 24389, // 0.96203206363…
  },
];

function percent(x: number): string {
  return `${(x * 100).toFixed(2)}%`;
}

/** The help text, written from the paytable so it can never disagree with it. */
export function slotRules(m: Omit<SlotMachine, 'rules'>): string {
  const label = (key: string) => m.symbols.find((s) => s.key === key)?.label ?? key;
  const wild = m.symbols.find((s) => s.kind === 'wild');
  const scatter = m.symbols.find((s) => s.kind === 'scatter');
  const lines = [
    `${m.name}：${m.reels.length}轴${m.rows}行，${m.lines.length}条固定赔付线，每次旋转的总投注平均分配到每条线（线注 = 总投注 ÷ ${m.lines.length}）。`,
    '赔付线上从最左边第一轴起连续出现相同图案即中奖，按线注乘以赔率派彩；每条线只派最高的一项，各条线的奖金相加。',
  ];
  if (wild) lines.push(`「${wild.label}」为百搭图案，可替代${scatter ? `除「${scatter.label}」以外的` : ''}所有图案，本身连线也按赔率表派彩。`);
  if (scatter) lines.push(`「${scatter.label}」为分散图案，出现在画面任意位置即计数，按总投注乘以分散赔率派彩，与赔付线奖金相加。`);
  const pays = Object.entries(m.pays).map(
    ([key, byCount]) =>
      `${label(key)}：${Object.entries(byCount)
        .map(([count, pay]) => `${count}连${pay}倍`)
        .join('，')}`,
  );
  lines.push(`赔率表（线注倍数）：${pays.join('；')}。`);
  if (scatter && m.scatterPays) {
    lines.push(
      `分散赔率（总投注倍数）：${Object.entries(m.scatterPays)
        .map(([count, pay], i, all) => `${count}个${i === all.length - 1 ? '或以上' : ''}${pay}倍`)
        .join('，')}。`,
    );
  }
  lines.push(`每轴停止位置完全随机且相互独立。理论返还率（RTP）${percent(m.rtp)}。派彩金额按分向下取整；总投注为线数的整数倍（分）时无取整。`);
  return lines.join('\n');
}

export const SLOT_MACHINES: readonly SlotMachine[] = DATA.map((d) => {
  const m = { ...d, rows: 3, maxStakeFen: MAX_STAKE_FEN };
  return { ...m, rules: slotRules(m) };
});
