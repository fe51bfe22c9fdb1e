/** Contact details and outside links shown in the footer and the user-manual menu. */
export const contact = {
  phone: '7000-1234',
  phoneHref: 'tel:+97670001234',
  email: 'info@narlife.mn',
  messenger: 'https://m.me/narlife.mn',
  facebook: 'https://www.facebook.com/narlife.mn',
  instagram: 'https://www.instagram.com/narlife.mn',
} as const;

/** Below this window width the side menu collapses after an item is chosen (SPEC 9). */
export const MENU_COLLAPSE_WIDTH = 992;
