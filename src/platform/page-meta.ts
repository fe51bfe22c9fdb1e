/**
 * Issue 24: the page's `<meta name="description">`, in the language shown. The server writes each
 * public page's description into index.html in the language the browser asks for (server/http/site-meta.ts,
 * from the same `meta.*` texts); the app keeps it right when the user switches language or moves on.
 */
import { useEffect } from 'react';

export const setDescription = (text: string) => {
  document.querySelector('meta[name="description"]')?.setAttribute('content', text);
};

/** A page's own description (a product's line), set while it is shown; nothing while it is unknown. */
export function usePageDescription(text: string | undefined) {
  useEffect(() => {
    if (text) setDescription(text);
  }, [text]);
}
