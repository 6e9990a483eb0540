import { LOTTERY_TYPE, waveOf, type DiceAttributes, type LotteryExtend, type LotteryType, type SixBallAttributes, LOTTERY_MSG } from '@app/contract';

/** Pip positions on a 24-unit die face, per face value. */
const PIPS: Record<number, [number, number][]> = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[7, 7], [12, 12], [17, 17]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]],
  5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]],
  6: [[7, 6.5], [17, 6.5], [7, 12], [17, 12], [7, 17.5], [17, 17.5]],
};

/** One die face; 1 and 4 have red pips, as on Chinese dice. */
export function DiceFace({ value, size = 30 }: { value: number; size?: number }) {
  const red = value === 1 || value === 4;
  return (
    <svg className="lot-die" width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={String(value)} data-testid="die" data-value={value}>
      <rect x="0.75" y="0.75" width="22.5" height="22.5" rx="5" fill="url(#lot-die-bg)" stroke="#d9dcea" strokeWidth="1" />
      {(PIPS[value] ?? []).map(([cx, cy], i) => (
        <circle key={i} cx={cx} cy={cy} r={value === 1 ? 3.3 : 2.2} fill={red ? '#e03131' : '#1f2540'} />
      ))}
    </svg>
  );
}

/** The gradient every die shares (one definition per page). */
export function DiceDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden>
      <defs>
        <linearGradient id="lot-die-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e9ecf6" />
        </linearGradient>
      </defs>
    </svg>
  );
}

/** A 六合彩 ball in its wave colour (波色). */
export function Ball({ n, size = 'md' }: { n: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`lot-ball lot-ball-${waveOf(n)} lot-ball-${size}`} data-testid="ball" data-value={n}>
      {String(n).padStart(2, '0')}
    </span>
  );
}

/** A ball with its 生肖 under it; the special's animal stands out as the special does. */
function BallWithAnimal({ n, animal, size, special }: { n: number; animal: string; size: 'sm' | 'md' | 'lg'; special?: boolean }) {
  return (
    <span className="lot-ball-cell">
      <Ball n={n} size={size} />
      <span className={special ? 'lot-animal lot-animal-special' : 'lot-animal'} data-testid="ball-animal">
        {animal}
      </span>
    </span>
  );
}

/** 六合彩's animal of each ball when the result carries them (none for 快三, nor outside the 春节 table). */
export function animalsOf(extend: LotteryExtend): readonly string[] | undefined {
  return 'zodiac' in extend ? extend.zodiac : undefined;
}

/**
 * A result's numbers: three dice, or six balls, a plus and the special; given `animals` (animalsOf, one
 * per ball), each ball shows its 生肖 under it.
 */
export function ResultNumbers({ type, numbers, size = 'md', animals }: { type: LotteryType; numbers: readonly number[]; size?: 'sm' | 'md' | 'lg'; animals?: readonly string[] }) {
  if (type === LOTTERY_TYPE.dice) {
    const px = size === 'sm' ? 22 : size === 'lg' ? 34 : 28;
    return (
      <span className="lot-numbers" data-testid="result-numbers">
        {numbers.map((v, i) => (
          <DiceFace key={i} value={v} size={px} />
        ))}
      </span>
    );
  }
  if (animals && animals.length === numbers.length) {
    const last = numbers.length - 1;
    return (
      <span className={`lot-numbers lot-numbers-zodiac lot-numbers-${size}`} data-testid="result-numbers">
        {numbers.slice(0, -1).map((n, i) => (
          <BallWithAnimal key={i} n={n} animal={animals[i]!} size={size} />
        ))}
        <span className="lot-plus">+</span>
        <BallWithAnimal n={numbers[last]!} animal={animals[last]!} size={size} special />
      </span>
    );
  }
  return (
    <span className="lot-numbers" data-testid="result-numbers">
      {numbers.slice(0, -1).map((n, i) => (
        <Ball key={i} n={n} size={size} />
      ))}
      <span className="lot-plus">+</span>
      <Ball n={numbers[numbers.length - 1]!} size={size} />
    </span>
  );
}

function isDice(extend: LotteryExtend): extend is LotteryExtend & DiceAttributes {
  return 'sum' in extend;
}

/** The attribute chips of a result: 和值 大小 单双 (or 豹子), or the special's 特码 两面. */
export function ResultAttributes({ extend }: { extend: LotteryExtend }) {
  if (isDice(extend)) {
    return (
      <span className="lot-attrs" data-testid="result-attrs">
        <span className="lot-attr lot-attr-sum">和值 {extend.sum}</span>
        {extend.triple ? (
          <span className="lot-attr lot-attr-hot">{LOTTERY_MSG.lotteryAnyTriple}</span>
        ) : (
          <>
            <span className={`lot-attr ${extend.size === LOTTERY_MSG.lotteryBig ? 'lot-attr-hot' : 'lot-attr-cool'}`}>{extend.size}</span>
            <span className={`lot-attr ${extend.parity === LOTTERY_MSG.lotteryOdd ? 'lot-attr-hot' : 'lot-attr-cool'}`}>{extend.parity}</span>
          </>
        )}
      </span>
    );
  }
  const six = extend as LotteryExtend & SixBallAttributes;
  return (
    <span className="lot-attrs" data-testid="result-attrs">
      <span className="lot-attr lot-attr-sum">特码 {String(six.special).padStart(2, '0')}</span>
      <span className={`lot-attr ${six.size === LOTTERY_MSG.lotteryBig ? 'lot-attr-hot' : 'lot-attr-cool'}`}>{six.size}</span>
      <span className={`lot-attr ${six.parity === LOTTERY_MSG.lotteryOdd ? 'lot-attr-hot' : 'lot-attr-cool'}`}>{six.parity}</span>
      <span className={`lot-attr lot-attr-wave-${waveOf(six.special)}`}>{WAVE_TITLE[waveOf(six.special)]}</span>
    </span>
  );
}

const WAVE_TITLE = { red: '红波', blue: '蓝波', green: '绿波' } as const;
