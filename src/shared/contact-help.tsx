/**
 * Whom to call when a road ends (issue 24): the insurer's phone and e-mail from the site's contact
 * data (src/platform/config.ts), as links, in one sentence of the page's language.
 */
import { Trans } from 'react-i18next';
import { contact } from '../platform/config';

export function ContactHelp({ className }: { className?: string }) {
  return (
    <p className={className ?? 'contact-help'} data-testid="contact-help">
      <Trans
        ns="common"
        i18nKey="contactHelp.callOrWrite"
        values={{ phone: contact.phone, email: contact.email }}
        components={{ phone: <a href={contact.phoneHref} />, email: <a href={`mailto:${contact.email}`} /> }}
      />
    </p>
  );
}
