/**
 * The trade's terms, one word for each in each language (docs/decisions.md, "One word for each party").
 * The mapping follows the Insurance Law: the policyholder (даатгуулагч) signs the contract and pays; the
 * insured person (даатгуулсан этгээд) is the one whose life or health is covered. `word` is the stem
 * every text naming the term contains (Mongolian adds its case endings after it); `avoid` are the other
 * words once used for it; `keys` are locale keys that name the term, so they must use its word.
 */
export type Language = 'mn' | 'en';

export interface Term {
  id: string;
  word: Record<Language, string>;
  avoid: Record<Language, readonly RegExp[]>;
  keys: readonly string[];
}

export const GLOSSARY: readonly Term[] = [
  {
    id: 'policyholder',
    word: { mn: 'даатгуулагч', en: 'policyholder' },
    avoid: { mn: [/гэрээ эзэмшигч/i], en: [/\bpolicy holder/i, /\bowner\b/i] },
    keys: ['contracts:fields.owner', 'creditMedCard:statuses.to_be_paid_by_insured', 'notifications:creditMedStatuses.to_be_paid_by_insured'],
  },
  {
    id: 'insured person',
    word: { mn: 'даатгуулсан этгээд', en: 'insured person' },
    avoid: { mn: [/даатгуулагдсан/i, /даатгуулсан хүн/i], en: [/\b(the|by) insured\b(?! (person|parent))/i, /\bInsured:/, /\binsured \{\{/i] },
    keys: [
      'contracts:fields.insurer',
      'buy:steps.insured',
      'buy:summary.insured',
      'beneficiaries:relationship',
      'validation:relationship',
      'claims:fields.insured',
      'claims:create.insured',
      'claims:create.lead',
      'claims:wizard.policy',
      'claims:documents.id_card',
      'claims:documents.relationship_proof',
      'fees:fields.insured',
      'fees:flow.register',
      'insurance:detail.exampleFeesNote',
      'payment:paid.loginHint',
    ],
  },
  {
    id: 'beneficiary',
    word: { mn: 'ашиг хүртэгч', en: 'beneficiar' },
    avoid: { mn: [/өв залгамжлагч/i], en: [/\bheirs?\b/i] },
    keys: ['buy:contract.beneficiaries', 'contracts:detail.beneficiaries', 'ot:beneficiaries.title', 'validation:beneficiariesRequired'],
  },
  {
    id: 'premium',
    word: { mn: 'хураамж', en: 'premium' },
    // The Credit Med card's one-off price is its card fee, not an insurance premium.
    avoid: { mn: [/даатгалын төлбөр/i], en: [/\b(?<!card )fees?\b/i] },
    keys: [
      'common:nav.premium',
      'buy:headings.payment',
      'buy:plan.fee',
      'buy:summary.fee',
      'buy:summary.toPay',
      'buy:quote.total',
      'contracts:fields.fee',
      'contracts:fields.totalFee',
      'contracts:detail.schedule',
      'fees:policy.schedule',
      'fees:all.title',
      'insurance:detail.fee',
    ],
  },
  {
    id: 'claim',
    word: { mn: 'нөхөн төлбөр', en: 'claim' },
    avoid: { mn: [/нэхэмжлэл/i], en: [] },
    keys: ['common:titles.claimList', 'common:titles.claimCreate', 'claims:list.title', 'claims:create.title', 'claims:landing.stagesTitle'],
  },
  {
    id: 'pre-claim',
    word: { mn: 'урьдчилсан нөхөн төлбөр', en: 'pre-claim' },
    avoid: { mn: [/урьдчилсан (?!нөхөн )/i], en: [/\badvance claim/i, /\bpre ?claim/i] },
    keys: [
      'common:titles.preClaim',
      'creditMedCard:preClaim.title',
      'creditMedCard:tracking.title',
      'creditMedCard:repay.title',
      'creditMedCard:repay.loading',
      'notifications:kinds.credit_med_status_changed.textAmount',
    ],
  },
  {
    id: 'sum insured',
    word: { mn: 'даатгалын мөнгөн дүн', en: 'sum insured' },
    avoid: { mn: [/даатгалын үнэлгээ/i, /даатгалын дүн/i], en: [/\binsured (sum|amount)/i, /\bsum assured/i, /\bcover amount/i] },
    keys: ['contracts:fields.sumInsured', 'buy:plan.sumInsured', 'buy:summary.sumInsured', 'insurance:detail.sumInsured'],
  },
];
