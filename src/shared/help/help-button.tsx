/**
 * The help button (SPEC 2's user-manual button): the manual, its video and the chat link in a menu.
 * It floats at the bottom right. The signed-in layout passes the profile's links; the public flows (purchase, /ot/) load them from
 * GET /api/help/ and show the button once they have them.
 */
import { useTranslation } from 'react-i18next';
import { getHelpLinks } from '../../api/auth.api';
import { contact } from '../../app/config';
import { useResource } from '../../flows/use-resource';
import { LinkMenu } from '../../ui/link-menu';

function ManualIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function HelpButton({ document, video }: { document: string; video: string }) {
  const { t } = useTranslation('user');
  return (
    <aside className="user-manual" aria-label={t('manual.button')}>
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
    </aside>
  );
}

/** The public flows' help button: nothing until the links have loaded (and nothing if they cannot be). */
export function PublicHelpButton() {
  const links = useResource(getHelpLinks);
  return links.data ? <HelpButton document={links.data.user_manual_document} video={links.data.user_manual_video} /> : null;
}
