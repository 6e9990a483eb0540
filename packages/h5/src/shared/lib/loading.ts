/** The loading overlay: a counter of calls in flight that asked for it. */
type Listener = (active: boolean) => void;
let inFlight = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(inFlight > 0);
}
export const loading = {
  start() {
    inFlight += 1;
    emit();
  },
  stop() {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};
