import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { currentHash } from '../../platform/location';

/**
 * Scrolls to the element named by the URL's hash (e.g. /#fee from another page) once it exists;
 * the home page's sections appear only after its data loads, so this waits up to a few seconds.
 */
export function useHashScroll() {
  const [location] = useLocation();
  useEffect(() => {
    const id = currentHash();
    if (!id) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target || ++tries > 50) window.clearInterval(timer);
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, 100);
    return () => window.clearInterval(timer);
  }, [location]);
}
