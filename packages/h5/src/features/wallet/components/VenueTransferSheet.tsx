import { TIMING, type VenueBalance } from '@app/contract';
import { useVenueBalances, venuesOnly } from '../api';
import { useWalletFigures } from '../hooks';
import { TransferSheet } from './TransferSheet';
import '../wallet.css';

/**
 * The transfer sheet of /transfer, preset to one venue, for another screen (the game frame): its
 * balances are polled as on /transfer while it is open. `name` stands in for the venue's own until the
 * balance list has it.
 */
export default function VenueTransferSheet({ platname, name, open, onClose }: { platname: string; name: string; open: boolean; onClose: () => void }) {
  const balances = useVenueBalances(open ? TIMING.venuePollTransferMs : undefined);
  const { central } = useWalletFigures();
  const listed = venuesOnly(balances.data).find((v) => v.platname === platname);
  const venue: VenueBalance | null = !open || !balances.data ? null : (listed ?? { platname, name, balance: 0 });
  return <TransferSheet venue={venue} central={central} onClose={onClose} />;
}
