// False in the server-rendered HTML and until React has hydrated the island. A control that does
// nothing without React renders disabled until then, so an early click is neither lost nor sent as
// a plain form submission (which would reload the page and drop what was typed).
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
