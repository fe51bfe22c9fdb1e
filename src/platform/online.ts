/**
 * Issue 24: whether the browser has a connection, for the offline banner and for reads that wait for
 * the connection to come back. `navigator.onLine` is false only when the device is surely offline.
 */
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** Whether the browser is online, re-rendering on every change. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
