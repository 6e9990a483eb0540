/** What every game page gets from the shared chrome. */
export interface GameProps<Info> {
  info: Info;
  /** The venue balance, yuan. */
  balance: number;
  /** After a bet: the balance the server answered (the chrome re-reads it too). */
  afterBet: (balance: number) => void;
  refreshBalance: () => Promise<void>;
}
