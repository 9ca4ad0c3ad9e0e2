import { useEffect, useState } from 'react';
import { findLadderByName } from '../api/ladders';

type NameAvailability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Spec §5: a ladder name must be available: another ladder of the company with this name
 * (case-insensitive) makes it taken. Checked 300 ms after the last change.
 */
export function useNameAvailability(
  companyId: string,
  name: string,
  ladderId: string | undefined,
): NameAvailability {
  const [state, setState] = useState<{ name: string; result: NameAvailability }>({
    name: '',
    result: 'idle',
  });
  const wanted = name.trim();

  useEffect(() => {
    if (wanted === '' || wanted.includes('/')) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findLadderByName(companyId, wanted, controller.signal)
        .then((ladder) =>
          setState({ name: wanted, result: ladder && ladder.uuid !== ladderId ? 'taken' : 'available' }),
        )
        .catch(() => {
          if (!controller.signal.aborted) setState({ name: wanted, result: 'idle' });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [companyId, wanted, ladderId]);

  if (wanted === '' || wanted.includes('/')) return 'idle';
  return state.name === wanted ? state.result : 'checking';
}
