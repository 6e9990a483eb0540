// Being built (wallet issue): replaced by the screen.
export default function WithdrawAccount() {
  return null;
}
