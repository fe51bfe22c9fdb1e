/** Every message the Credit Med card side's API and machines produce is translated in both languages. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { creditMedCardErrors, PRE_CLAIM_STATUSES } from '../../contract/credit-med-card.schema';
import { i18nKeyOf } from '../../src/platform/messages';

const bundle = (language: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../src/locales/${language}/creditMedCard.json`), 'utf8')) as Record<string, unknown>;
const lookup = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('creditMedCard messages', () => {
  for (const language of ['mn', 'en']) {
    it(`${language}: every SPEC 8 error of the card side and every SPEC 4 status has a text`, () => {
      for (const key of Object.values(creditMedCardErrors)) {
        const [ns, name] = i18nKeyOf(key).split(':') as [string, string];
        expect(ns).toBe('creditMedCard');
        expect(lookup(bundle(language), name), `${language} ${key}`).toBeTruthy();
      }
      for (const status of PRE_CLAIM_STATUSES) {
        expect(lookup(bundle(language), `statuses.${status}`), `${language} ${status}`).toBeTruthy();
        expect(lookup(bundle(language), `statusText.${status}`), `${language} ${status}`).toBeTruthy();
      }
    });
  }
});
