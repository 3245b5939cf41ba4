// Shared by features, outside lib/ on purpose: lib/ is bundled into the first load (vite.config.ts, shell).
import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delay` ms (suggestions ask once the customer pauses typing). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
