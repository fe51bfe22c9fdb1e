/**
 * The help button (SPEC 2's user-manual button): the manual, its video and the chat link in a menu.
 * On a wide screen it floats at the bottom right (`corner`). Where a layout's sticky top bar holds its
 * menu toggle (the signed-in side menu below 992 px, the public headers at 860 px and below) it sits in
 * that bar instead (`bar`), so it never covers the content it would float over (issue 24 item 15).
 * Both are drawn and CSS shows the one for the width (src/features/shell/shell.css), so nothing moves or
 * appears late when the width is known, and the hidden one is out of the accessibility tree.
 * The signed-in layout passes the profile's links; the public flows (purchase, /ot/) load them from
 * GET /api/help/ and show the button once they have them.
 */
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { getHelpLinks } from '../../api/auth.api';
import { contact } from '../../platform/config';
import { useResource } from '../../flows/use-resource';
import { LinkMenu } from '../../ui/link-menu';
import { useHelpSlot } from './help-slot';

function ManualIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

interface HelpLinks {
  document: string;
  video: string;
}

/**
 * One help button. `corner`: floating at the bottom right, a landmark of its own (an `aside`, so its
 * open menu is inside one); `bar`: in a top bar, where its menu opens downwards, wrapped in a `div`,
 * since the bar is already inside the side menu's `aside` or the `header` (no nested landmarks).
 */
export function HelpButton({ document, video, placement }: HelpLinks & { placement: 'corner' | 'bar' }) {
  const { t } = useTranslation('user');
  const className = `user-manual user-manual--${placement}`;
  const menu = (
    <LinkMenu
      label={t('manual.button')}
      className="user-manual__button"
      icon={<ManualIcon />}
      items={[
        { id: 'document', label: t('manual.document'), href: document },
        { id: 'video', label: t('manual.video'), href: video },
        { id: 'messenger', label: t('manual.messenger'), href: contact.messenger },
      ]}
    />
  );
  return placement === 'corner' ? (
    <aside className={className} aria-label={t('manual.button')}>
      {menu}
    </aside>
  ) : (
    <div className={className}>{menu}</div>
  );
}

/**
 * The public flows' help button: nothing until the links have loaded (and nothing if they cannot be);
 * then in the corner, and in the layout's header slot for phones. Its late arrival shifts nothing: the
 * corner one floats (and is hidden on phones), the slot's grows leftwards from the header's right group.
 */
export function PublicHelpButton() {
  const links = useResource(getHelpLinks);
  const slot = useHelpSlot();
  if (!links.data) return null;
  const props = { document: links.data.user_manual_document, video: links.data.user_manual_video };
  return (
    <>
      <HelpButton {...props} placement="corner" />
      {slot ? createPortal(<HelpButton {...props} placement="bar" />, slot) : null}
    </>
  );
}
