/**
 * What the server and the app agree on about a page's head (src/app/page-heads.ts): where it sits and
 * the classes of its box, which the server draws in the HTML (server/http/page-heads.ts) and the app
 * draws while the page loads (src/app/route-head.tsx); src/styles/base.css styles them.
 */

/**
 * Where a head sits, as its page draws it: beside the user menu (`card`: the Credit Med card's pages
 * there, in their narrower column with a smaller heading), in the public pages' column, or the
 * purchase's header.
 */
export type HeadFrame = 'user' | 'card' | 'public' | 'purchase';
export const HEAD_FRAMES: readonly HeadFrame[] = ['user', 'card', 'public', 'purchase'];

const FRAME_CLASSES: Record<HeadFrame, string> = {
  user: 'page-head--user',
  card: 'page-head--user page-head--card',
  public: 'page-head--public container',
  purchase: 'page-head--purchase container',
};

/** The classes of a head's box; `framed` where it stands outside a layout's main area, as the shell's does. */
export const headClasses = (frame: HeadFrame, framed: boolean) => `page-head ${FRAME_CLASSES[frame]}${framed ? ' page-head--framed' : ''}`;
