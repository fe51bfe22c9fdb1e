/**
 * The heading and lead a page opens with whatever its data, for the pages that have such a head: the
 * server draws it in the page's HTML (in the language the browser chose, from the `language` cookie),
 * so a phone shows what the page is about with the HTML and its stylesheet, before any script has run
 * (server/http/page-heads.ts); the app draws the same head while the page's layout and view load
 * (src/app/route-head.tsx), so it stays in view until the page itself draws it.
 *
 * Each entry names the texts the page's own view draws (`namespace:key`, plain texts: no `{{…}}`, no
 * markup; the build checks, scripts/vite-page-heads.ts). A page whose first heading depends on its
 * data or state (a claim's number, a contract's name, a wizard resumed at a later step) has none. The
 * login layout's pages have none either: their head sits in a panel the shell does not draw.
 */
import type { RouteName } from '../../contract/paths';
import type { HeadFrame } from '../../contract/page-head';

export interface PageHead {
  /** The small line above the heading, where the page has one (the purchase's). */
  eyebrow?: string;
  title: string;
  lead?: string;
  /** Where the page draws it (contract/page-head.ts). */
  frame: HeadFrame;
}

const user = (title: string, lead?: string): PageHead => ({ title, lead, frame: 'user' });
const buyStep = (step: 'insured' | 'plan' | 'contract' | 'payment'): PageHead => ({
  eyebrow: 'buy:eyebrow',
  title: `buy:headings.${step}`,
  lead: `buy:leads.${step}`,
  frame: 'purchase',
});

export const PAGE_HEADS: Partial<Record<RouteName, PageHead>> = {
  buyInsured: buyStep('insured'),
  buyProduct: buyStep('plan'),
  buyContract: buyStep('contract'),
  buyPayment: buyStep('payment'),
  // /fee is for signed-in customers only: their own due fees first (another person's policy is behind a button).
  fee: { title: 'fees:own.title', lead: 'fees:own.lead', frame: 'public' },
  // /user opens the policy list (src/features/shell/user-index.page.tsx): its head.
  user: user('contracts:list.title', 'contracts:list.lead'),
  contracts: user('contracts:list.title', 'contracts:list.lead'),
  feePaymentUser: user('fees:all.title', 'fees:all.lead'),
  claim: user('claims:landing.title', 'claims:landing.lead'),
  claimList: user('claims:list.title', 'claims:list.lead'),
  claimCreate: user('claims:create.title', 'claims:create.lead'),
  feedback: user('feedback:title', 'feedback:lead'),
  notifications: user('notifications:title', 'notifications:lead'),
  creditMedBuy: { title: 'creditMedCard:buy.title', lead: 'creditMedCard:buy.lead', frame: 'card' },
  creditMedPreClaim: { title: 'creditMedCard:preClaim.title', lead: 'creditMedCard:preClaim.lead', frame: 'card' },
};
