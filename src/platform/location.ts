/**
 * The fragment of the page's address. Links are built from the contract's path table
 * (`routePaths.<route>.build(params, query)`, contract/paths.ts), never from string literals in views.
 */

/** The fragment of the page's address, without '#' (features read the URL through wouter and here, never `window.location`). */
export const currentHash = () => window.location.hash.slice(1);
