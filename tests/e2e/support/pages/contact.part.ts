/**
 * The insurer's contact line that a refusal or an error's next step shows (src/platform/config.ts
 * `contact`): the phone and the e-mail as links, within the part of the page that shows them.
 *
 *   const links = new ContactLinks(claim.refusal);
 *   expect(await links.phone.getAttribute('href')).toBe(contact.phoneHref);
 */
import type { Locator } from 'playwright-core';
import { contact } from '../../../../src/platform/config';
import { exactly } from '../texts';

export class ContactLinks {
  constructor(private readonly within: Locator) {}

  get phone() {
    return this.within.getByRole('link', { name: exactly(contact.phone) });
  }

  get email() {
    return this.within.getByRole('link', { name: exactly(contact.email) });
  }
}
