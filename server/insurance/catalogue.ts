/**
 * The catalogue in the database: written from catalogue-data.ts at every start (so content changes
 * ship with the code), read per language for GET /api/products/ and /api/products/{id}/.
 */
import type { CatalogueItem, FeeFrequency, InsuredField, PlanBounds, PriceFrom, ProductDetail, ProductSummary } from '../../contract/insurance.schema';
import { RECOMMENDED_SAVINGS_FEE } from '../../contract/insurance.schema';
import { formatMnt } from '../../contract/money';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';
import { CATALOGUE, contractText, type CatalogueProduct, type ExamplePlan, type RiskPricing, type SavingsPricing } from './catalogue-data';
import { computeQuote } from './quote';

/** The content of one language as stored in products.content_<language>. */
interface StoredContent {
  description: string;
  covers: string[];
  audience: string;
  terms: string[];
  contract_text: string;
  example_fees: { label: string; amount: number }[];
}


const FREQUENCY_WORDS = {
  mn: { single: 'нэг удаа', monthly: 'сар бүр', quarterly: 'улирал бүр', semiannual: 'хагас жил тутам', annual: 'жил бүр' },
  en: { single: 'single payment', monthly: 'monthly', quarterly: 'quarterly', semiannual: 'twice a year', annual: 'yearly' },
} as const;

/** An example plan priced with the quote formula, labelled in one language (money as on screen: contract/money.ts). */
const exampleFee = (product: CatalogueProduct, example: ExamplePlan, language: Language) => {
  const quote = computeQuote({
    productId: product.id,
    pricing: product.pricing,
    age: example.age,
    plan: {
      term_years: example.termYears,
      frequency: example.frequency,
      ...(example.sumInsured !== undefined ? { sum_insured: example.sumInsured } : {}),
      ...(example.fee !== undefined ? { fee: example.fee } : {}),
    },
  });
  const often = FREQUENCY_WORDS[language][example.frequency];
  if (product.pricing.kind === 'savings') {
    const label =
      language === 'mn'
        ? `${formatMnt(quote.fee, 'mn')} ${often}, ${example.termYears} жил: хугацааны эцэст тооцоолсон хуримтлал`
        : `${formatMnt(quote.fee, 'en')} ${often} for ${example.termYears} years: projected savings at the end`;
    return { label, amount: quote.projected_savings ?? 0 };
  }
  const label =
    language === 'mn'
      ? `${example.age} настай, даатгалын дүн ${formatMnt(quote.sum_insured, 'mn')}, ${example.termYears} жил, ${often}`
      : `Age ${example.age}, ${formatMnt(quote.sum_insured, 'en')} cover, ${example.termYears} ${example.termYears === 1 ? 'year' : 'years'}, ${often}`;
  return { label, amount: quote.fee };
};

const storedContent = (product: CatalogueProduct, language: Language, name: string, company: string): StoredContent => {
  const content = product.content[language];
  return {
    description: content.description,
    covers: [...content.covers],
    audience: content.audience,
    terms: [...content.terms],
    contract_text: contractText(language, name, company, content.contractClauses),
    example_fees: product.examples.map((example) => exampleFee(product, example, language)),
  };
};

/**
 * Writes every catalogue product's content, bounds and pricing into its products row (the rows
 * themselves come from the seed). Products missing from the table are skipped.
 */
export const syncCatalogue = async (db: Queryable): Promise<void> => {
  for (const product of CATALOGUE) {
    const { rows } = await db.query<{ name_mn: string; name_en: string; company_name_mn: string; company_name_en: string }>(
      'select name_mn, name_en, company_name_mn, company_name_en from products where id = $1',
      [product.id],
    );
    const row = rows[0];
    if (!row) continue;
    await db.query(
      `update products set category = $2, is_savings = $3, interest_rate = $4, age_min = $5, age_max = $6,
         insured_fields = $7, plan = $8, pricing = $9, contract_prefix = $10, content_mn = $11, content_en = $12
       where id = $1`,
      [
        product.id,
        product.category,
        product.pricing.kind === 'savings',
        product.pricing.kind === 'savings' ? product.pricing.interestRate : null,
        product.age.min,
        product.age.max,
        JSON.stringify(product.insuredFields),
        JSON.stringify(product.plan),
        JSON.stringify(product.pricing),
        product.contractPrefix,
        JSON.stringify(storedContent(product, 'mn', row.name_mn, row.company_name_mn)),
        JSON.stringify(storedContent(product, 'en', row.name_en, row.company_name_en)),
      ],
    );
  }
};

/** What the server needs of a product to validate and price a purchase. */
export interface ProductRules {
  id: number;
  name_mn: string;
  name_en: string;
  company_name_mn: string;
  company_name_en: string;
  image: string;
  on_sale: boolean;
  is_savings: boolean;
  interest_rate: number | null;
  age: { min: number; max: number };
  insured_fields: InsuredField[];
  plan: PlanBounds;
  pricing: RiskPricing | SavingsPricing;
  contract_prefix: string;
}

interface RulesRow {
  id: number;
  name_mn: string;
  name_en: string;
  company_name_mn: string;
  company_name_en: string;
  image: string;
  on_sale: boolean;
  is_savings: boolean;
  interest_rate: number | null;
  age_min: number;
  age_max: number;
  insured_fields: InsuredField[];
  plan: PlanBounds | null;
  pricing: RiskPricing | SavingsPricing | null;
  contract_prefix: string;
}

/** A product's rules; undefined for an unknown product or one without plan and pricing. */
export const readProductRules = async (db: Queryable, id: number): Promise<ProductRules | undefined> => {
  const { rows } = await db.query<RulesRow>(
    `select id, name_mn, name_en, company_name_mn, company_name_en, image, on_sale, is_savings, interest_rate,
            age_min, age_max, insured_fields, plan, pricing, contract_prefix
       from products where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row?.plan || !row.pricing) return undefined;
  const { age_min, age_max, plan, pricing, ...rest } = row;
  return { ...rest, age: { min: age_min, max: age_max }, plan, pricing };
};

const summaryColumns = (language: Language) =>
  `id, name_${language} as name, company_name_${language} as company_name, image, summary_${language} as summary, category`;

/** Frequencies from the most to the least frequent: of equal prices, the card names the more frequent. */
const CHEAPEST_FIRST: readonly FeeFrequency[] = ['monthly', 'quarterly', 'semiannual', 'annual', 'single'];

/**
 * The lowest premium per payment the tariff allows (`price_from`): every age, term and frequency the
 * product offers, priced with the quote formula at the smallest sum insured (risk) or fee (savings).
 */
export const priceFrom = (product: { id: number; age: { min: number; max: number }; plan: PlanBounds; pricing: RiskPricing | SavingsPricing }): PriceFrom => {
  let best: PriceFrom | undefined;
  for (const frequency of CHEAPEST_FIRST.filter((item) => product.plan.frequencies.includes(item))) {
    for (const termYears of product.plan.terms_years) {
      for (let age = product.age.min; age <= product.age.max; age += 1) {
        const plan = product.plan.sum_insured
          ? { sum_insured: product.plan.sum_insured.min, term_years: termYears, frequency }
          : { fee: product.plan.fee?.min ?? 0, term_years: termYears, frequency };
        const { fee } = computeQuote({ productId: product.id, pricing: product.pricing, age, plan });
        if (!best || fee < best.amount) best = { amount: fee, frequency };
      }
    }
  }
  if (!best) throw new Error(`product ${product.id} offers no plan`);
  return best;
};

/** GET /api/products/: products on sale that have content, in catalogue order, each with its price from. */
export const listProducts = async (db: Queryable, language: Language): Promise<CatalogueItem[]> => {
  const { rows } = await db.query<ProductSummary & { age_min: number; age_max: number; plan: PlanBounds; pricing: RiskPricing | SavingsPricing }>(
    `select ${summaryColumns(language)}, age_min, age_max, plan, pricing from products
      where on_sale and plan is not null and pricing is not null and content_${language} is not null
      order by sort_order, id`,
  );
  return rows.map(({ age_min, age_max, plan, pricing, ...summary }) => ({
    ...summary,
    price_from: priceFrom({ id: summary.id, age: { min: age_min, max: age_max }, plan, pricing }),
  }));
};

/** GET /api/products/{id}/ in one language; the column suffix comes from a closed union, never from input. */
export const readProductDetail = async (db: Queryable, id: number, language: Language): Promise<ProductDetail | undefined> => {
  const { rows } = await db.query<
    ProductSummary & {
      content: StoredContent | null;
      is_savings: boolean;
      interest_rate: number | null;
      age_min: number;
      age_max: number;
      insured_fields: InsuredField[];
      plan: PlanBounds | null;
    }
  >(
    `select ${summaryColumns(language)}, content_${language} as content, is_savings, interest_rate, age_min, age_max,
            insured_fields, plan
       from products where id = $1 and on_sale`,
    [id],
  );
  const row = rows[0];
  if (!row?.content || !row.plan) return undefined;
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    image: row.image,
    summary: row.summary,
    category: row.category,
    description: row.content.description,
    covers: row.content.covers,
    audience: row.content.audience,
    terms: row.content.terms,
    example_fees: row.content.example_fees,
    is_savings: row.is_savings,
    recommended_fee: row.is_savings ? RECOMMENDED_SAVINGS_FEE : null,
    interest_rate: row.interest_rate,
    age: { min: row.age_min, max: row.age_max },
    plan: row.plan,
    insured_fields: row.insured_fields,
    contract_text: row.content.contract_text,
  };
};
