import { useSearchParams } from 'react-router';

/**
 * One query parameter of the current route as state: the value ('' when absent) and a setter that
 * replaces the history entry, keeping the other parameters. A choice kept this way survives going to
 * another screen and back.
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams(
      (p) => {
        p.set(name, value);
        return p;
      },
      { replace: true },
    );
  return [params.get(name) ?? '', set];
}
