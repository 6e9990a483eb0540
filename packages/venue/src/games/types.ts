/** What every game page gets from the shared chrome. */
export interface GameProps<Info> {
  info: Info;
  /** The balance played, yuan (the venue's wallet, or the central one in seamless mode). */
  balance: number;
  /** What a stake above the balance says (lowBalanceText of the session's wallet). */
  lowBalance: string;
  /** After a bet: the balance the server answered (the chrome re-reads it too). */
  afterBet: (balance: number) => void;
  refreshBalance: () => Promise<void>;
}
