/**
 * What the server and the app agree on about a page's head (src/app/page-heads.ts): where it sits and
 * the classes of its box, which the server draws in the HTML (server/http/page-heads.ts) and the app
 * draws while the page loads (src/app/route-head.tsx); src/styles/base.css styles them.
 */

/** Where a head sits, as its page draws it: beside the user menu, in the public pages' column, or the purchase's header. */
export type HeadFrame = 'user' | 'public' | 'purchase';
export const HEAD_FRAMES: readonly HeadFrame[] = ['user', 'public', 'purchase'];

/** The classes of a head's box; `framed` where it stands outside a layout's main area, as the shell's does. */
export const headClasses = (frame: HeadFrame, framed: boolean) =>
  `page-head page-head--${frame}${frame === 'user' ? '' : ' container'}${framed ? ' page-head--framed' : ''}`;
