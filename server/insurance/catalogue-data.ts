/**
 * The online catalogue of SPEC section 3's products: what each covers, for whom, its terms, its plan
 * bounds and pricing parameters (the quote formula is in quote.ts and docs/api.md), in Mongolian and
 * English. Written into the products table at every start (catalogue.ts), so the database always
 * holds the current content.
 */
import type { FeeFrequency, InsuredField, PlanBounds, ProductCategory, ProductId } from '../../contract/insurance.schema';
import { MIN_SAVINGS_FEE, RECOMMENDED_SAVINGS_FEE } from '../../contract/insurance.schema';
import { formatMnt as mnt } from '../../contract/money';

export interface LocalContent {
  description: string;
  covers: readonly string[];
  audience: string;
  terms: readonly string[];
  /** The product-specific part of the contract; the general conditions are added by contractText(). */
  contractClauses: readonly string[];
}

/** Risk products: yearly price per 1000 MNT of cover at age 30 (‰), and how it grows per year of age. */
export interface RiskPricing {
  kind: 'risk';
  ratePerMille: number;
  ageSlope: number;
  /** Premium refund (215): all fees are paid back at the end of the term. */
  refund?: boolean;
}
export interface SavingsPricing {
  kind: 'savings';
  /** Percent per year credited to the savings. */
  interestRate: number;
}

/** An example plan the detail page prices with the quote formula. */
export interface ExamplePlan {
  age: number;
  sumInsured?: number;
  fee?: number;
  termYears: number;
  frequency: FeeFrequency;
}

export interface CatalogueProduct {
  id: ProductId;
  category: ProductCategory;
  /** Contract numbers look like PREFIX-YYYY-NNNNNN. */
  contractPrefix: string;
  age: { min: number; max: number };
  insuredFields: readonly InsuredField[];
  plan: PlanBounds;
  pricing: RiskPricing | SavingsPricing;
  examples: readonly ExamplePlan[];
  content: { mn: LocalContent; en: LocalContent };
}

const savingsFee = (max = 10_000_000) => ({ min: MIN_SAVINGS_FEE, max, step: 1_000, recommended: RECOMMENDED_SAVINGS_FEE });
const REGULAR: FeeFrequency[] = ['monthly', 'quarterly', 'annual'];

export const CATALOGUE: readonly CatalogueProduct[] = [
  {
    id: 100,
    category: 'life',
    contractPrefix: 'LI',
    age: { min: 18, max: 60 },
    insuredFields: ['email'],
    plan: {
      sum_insured: { min: 5_000_000, max: 200_000_000, step: 1_000_000 },
      fee: null,
      terms_years: [5, 10, 15, 20],
      frequencies: ['monthly', 'quarterly', 'semiannual', 'annual'],
    },
    pricing: { kind: 'risk', ratePerMille: 3.0, ageSlope: 0.06 },
    examples: [
      { age: 30, sumInsured: 20_000_000, termYears: 10, frequency: 'monthly' },
      { age: 40, sumInsured: 50_000_000, termYears: 15, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Амьдралын даатгал нь даатгуулсан этгээд гэрээний хугацаанд нас барах эсвэл хөдөлмөрийн чадвараа бүрэн алдах тохиолдолд таны сонгосон даатгалын мөнгөн дүнг ашиг хүртэгчдэд олгож, гэр бүлийнхээ санхүүгийн ирээдүйг баталгаажуулна.\n\nХураамжаа сар, улирал, хагас жил эсвэл жилээр төлөх боломжтой бөгөөд гэрээний хугацааг 5-20 жилээр сонгоно.',
        covers: [
          'Аливаа шалтгаанаар нас барвал даатгалын мөнгөн дүнг бүтнээр нь ашиг хүртэгчдэд олгоно',
          'Осол, өвчний улмаас хөдөлмөрийн чадвараа 100% алдвал даатгалын мөнгөн дүнг өөрт нь олгоно',
          'Ослоор нас барвал даатгалын мөнгөн дүнгийн 50%-тай тэнцэх нэмэлт нөхөн төлбөр',
        ],
        audience: 'Гэр бүлийнхээ санхүүгийн тулгуур болсон, зээл, сургалтын төлбөр зэрэг урт хугацааны үүрэгтэй 18-60 насны хүмүүст.',
        terms: [
          'Гэрээ байгуулснаас хойш эхний 6 сард өвчний улмаас нас барвал төлсөн хураамжийг буцаан олгоно',
          'Гэрээ байгуулснаас хойш 2 жилийн дотор амиа хорловол нөхөн төлбөр олгохгүй',
          'Хураамжийн төлөлт 60 хоногоос дээш хугацаагаар хоцорвол гэрээ түдгэлзэнэ',
          'Гэрээг эхний 14 хоногт цуцалбал төлсөн хураамжийг бүтнээр буцаана',
        ],
        contractClauses: [
          'Даатгагч нь даатгуулсан этгээд гэрээний хугацаанд аливаа шалтгаанаар нас барсан тохиолдолд даатгалын мөнгөн дүнг ашиг хүртэгчдэд тэдний хувь хэмжээгээр олгоно.',
          'Даатгуулсан этгээд осол, өвчний улмаас хөдөлмөрийн чадвараа 100% алдсан нь Хөдөлмөрийн чадвар алдалтыг тогтоох комиссын шийдвэрээр тогтоогдвол даатгалын мөнгөн дүнг даатгуулсан этгээдэд олгож, гэрээ дуусгавар болно.',
        ],
      },
      en: {
        description:
          "Life insurance pays the sum insured you choose to your beneficiaries if the insured person dies during the contract, or to the insured person if they become fully and permanently disabled, so your family's finances are secure.\n\nPay the premium monthly, quarterly, twice a year or yearly, for a term of 5 to 20 years.",
        covers: [
          'Death from any cause: the full sum insured to your beneficiaries',
          'Full and permanent disability from an accident or illness: the sum insured to the insured person',
          'Accidental death: an extra 50% of the sum insured',
        ],
        audience: "People aged 18 to 60 who support their family or carry long-term commitments such as a loan or children's tuition.",
        terms: [
          'Death from illness within the first 6 months: the premiums paid are refunded',
          'No benefit for suicide within 2 years of the start',
          'The contract is suspended when a premium is more than 60 days late',
          'Cancel within 14 days and every premium is refunded',
        ],
        contractClauses: [
          'If the insured person dies from any cause during the term, the Insurer pays the sum insured to the beneficiaries in their shares.',
          'If the insured person becomes fully (100%) disabled by an accident or illness, as established by the Disability Assessment Commission, the Insurer pays the sum insured to the insured person and the contract ends.',
        ],
      },
    },
  },
  {
    id: 112,
    category: 'savings',
    contractPrefix: 'TS',
    age: { min: 18, max: 55 },
    insuredFields: ['email', 'address'],
    plan: { sum_insured: null, fee: savingsFee(), terms_years: [5, 8, 10, 12, 15, 18], frequencies: REGULAR },
    pricing: { kind: 'savings', interestRate: 7.0 },
    examples: [
      { age: 30, fee: 50_000, termYears: 12, frequency: 'monthly' },
      { age: 35, fee: 600_000, termYears: 10, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Хүүхдийнхээ их, дээд сургуулийн төлбөрийг бага багаар, төлөвлөгөөтэй хуримтлуулах даатгал. Таны төлсөн хураамж жилийн 7% хүүтэйгээр өсөж, хүүхэд тань сургуульд ороход бэлэн болно.\n\nЭцэг, эх нь гэрээний хугацаанд нас барвал үлдсэн хураамжийг даатгагч хариуцаж, хуримтлал төлөвлөсөн ёсоор хүүхдэд олгогдоно.',
        covers: [
          'Гэрээний хугацааны эцэст хуримтлагдсан дүнг хүүгийн хамт олгоно',
          'Даатгуулсан этгээд нас барвал төлөгдөөгүй хураамжийг даатгагч төлж, хуримтлалыг бүрэн олгоно',
          'Хуримтлалаас сургалтын төлбөрт зориулж хугацаанаас өмнө хэсэгчлэн авах боломжтой',
        ],
        audience: 'Хүүхдийнхээ ирээдүйн боловсролд төлөвлөгөөтэй хуримтлал үүсгэх хүсэлтэй 18-55 насны эцэг, эх, асран хамгаалагчид.',
        terms: [
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          `Хамгийн бага хураамж ${mnt(10_000, 'mn')}`,
          'Гэрээг хугацаанаас өмнө цуцалбал хуримтлалын 95%-ийг олгоно',
          'Хураамж 90 хоногоос дээш хоцорвол хүү тооцохгүй',
        ],
        contractClauses: [
          'Даатгагч нь төлөгдсөн хураамжид жилийн 7%-иас доошгүй хүү тооцож, гэрээний хугацааны эцэст хуримтлалыг ашиг хүртэгч болон даатгуулсан этгээдэд олгоно.',
          'Даатгуулсан этгээд гэрээний хугацаанд нас барвал үлдсэн хураамжийг даатгагч хариуцан төлж, хуримтлалыг гэрээнд заасан хугацаанд олгоно.',
        ],
      },
      en: {
        description:
          "Save step by step for your child's university studies. Your premiums grow at 7% a year and are ready when your child starts studying.\n\nIf the parent dies during the contract, the insurer pays the remaining premiums and the savings are paid out to the child as planned.",
        covers: [
          'At the end of the term: everything saved, with interest',
          'If the insured parent dies: the insurer pays the remaining premiums and the full savings are paid',
          'Partial withdrawals for tuition before the end of the term',
        ],
        audience: "Parents and guardians aged 18 to 55 who want to save for their child's education.",
        terms: [
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          `The lowest premium is ${mnt(10_000, 'en')}`,
          'Cancel early and 95% of the savings are paid out',
          'No interest is credited while a premium is more than 90 days late',
        ],
        contractClauses: [
          'The Insurer credits interest of at least 7% a year to the premiums paid and pays the savings out at the end of the term.',
          'If the insured person dies during the term, the Insurer pays the remaining premiums and pays the savings out at the agreed time.',
        ],
      },
    },
  },
  {
    id: 114,
    category: 'pension',
    contractPrefix: 'TP',
    age: { min: 18, max: 60 },
    insuredFields: ['email', 'address'],
    plan: { sum_insured: null, fee: savingsFee(50_000_000), terms_years: [5, 10, 15, 20], frequencies: ['monthly', 'quarterly', 'annual', 'single'] },
    pricing: { kind: 'savings', interestRate: 6.5 },
    examples: [
      { age: 40, fee: 100_000, termYears: 15, frequency: 'monthly' },
      { age: 50, fee: 10_000_000, termYears: 10, frequency: 'single' },
    ],
    content: {
      mn: {
        description:
          'Та хуримтлалаа өөрийн сонгосон хугацаанд үүсгэж, гэрээ дууссаны дараа 10 жилийн турш сар бүр тэтгэвэр хэлбэрээр авна. Эрсдэлийн хамгаалалтгүй тул хураамжийн бүх хэсэг хуримтлалд орно.',
        covers: [
          'Хуримтлалыг жилийн 6.5% хүүтэйгээр өсгөнө',
          'Гэрээ дууссаны дараа 10 жил сар бүр тэтгэвэр олгоно',
          'Даатгуулсан этгээд нас барвал хуримтлалыг ашиг хүртэгчдэд бүтнээр олгоно',
        ],
        audience: 'Нийгмийн даатгалын тэтгэврээ нэмэгдүүлэх, өндөр насандаа тогтмол орлоготой байх хүсэлтэй 18-60 насныхан.',
        terms: [
          'Хураамжийг нэг удаа эсвэл тогтмол төлж болно',
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          'Осол, өвчний нөхөн төлбөр олгохгүй',
          'Хугацаанаас өмнө цуцалбал хуримтлалын 90%-ийг олгоно',
        ],
        contractClauses: [
          'Даатгагч нь хуримтлалд жилийн 6.5%-иас доошгүй хүү тооцож, гэрээний хугацаа дууссаны дараагийн сараас эхлэн 120 сарын турш тэнцүү хэмжээгээр тэтгэвэр олгоно.',
          'Энэхүү гэрээ нь эрсдэлийн хамгаалалтгүй бөгөөд даатгуулсан этгээд нас барсан тохиолдолд хуримтлалыг ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          'Build up savings over the term you choose and receive them as a monthly pension for 10 years after the contract ends. There is no risk cover, so the whole premium goes into your savings.',
        covers: [
          'Savings grow at 6.5% a year',
          'A monthly pension for 10 years after the term',
          'If the insured person dies: the full savings to the beneficiaries',
        ],
        audience: 'People aged 18 to 60 who want a steady income in old age on top of the social insurance pension.',
        terms: [
          'Pay once or regularly',
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          'No accident or illness benefits',
          'Cancel early and 90% of the savings are paid out',
        ],
        contractClauses: [
          'The Insurer credits interest of at least 6.5% a year and, from the month after the term ends, pays the savings out as a pension in 120 equal monthly amounts.',
          'This contract has no risk cover; if the insured person dies, the savings are paid to the beneficiaries.',
        ],
      },
    },
  },
  {
    id: 119,
    category: 'pension',
    contractPrefix: 'NP',
    age: { min: 18, max: 55 },
    insuredFields: ['email', 'address'],
    plan: { sum_insured: null, fee: savingsFee(), terms_years: [10, 15, 20, 25, 30], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'savings', interestRate: 6.0 },
    examples: [
      { age: 30, fee: 50_000, termYears: 25, frequency: 'monthly' },
      { age: 45, fee: 1_200_000, termYears: 15, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Үндэсний тэтгэврийн стандарт багц нь нийгмийн даатгалын тэтгэвэр дээр нэмэгдэх хувийн тэтгэврийн хуримтлал юм. Та тэтгэвэрт гарах хүртлээ тогтмол хуримтлуулж, тэтгэвэрт гарснаас хойш насан туршдаа сар бүр нэмэлт тэтгэвэр авна.',
        covers: [
          'Тэтгэвэрт гарснаас хойш насан туршийн сар бүрийн нэмэлт тэтгэвэр',
          'Жилийн 6% баталгаат хүү',
          'Тэтгэвэр авч эхлэхээс өмнө нас барвал хуримтлалыг ашиг хүртэгчдэд олгоно',
        ],
        audience: 'Тэтгэврийн орлогоо нэмэгдүүлэх хүсэлтэй, 18-55 насны ажил эрхлэгчид.',
        terms: [
          'Хугацаа 10-30 жил',
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          'Хуримтлалыг тэтгэвэрт гарахаас өмнө авах боломжгүй (хүнд өвчнөөс бусад тохиолдолд)',
          'Хураамжийн хэмжээг жил бүр өөрчлөх боломжтой',
        ],
        contractClauses: [
          'Даатгагч нь хуримтлалд жилийн 6%-иас доошгүй баталгаат хүү тооцож, гэрээний хугацаа дууссанаас хойш даатгуулсан этгээдэд насан туршийн сар бүрийн тэтгэвэр олгоно.',
          'Тэтгэвэр олгож эхлэхээс өмнө даатгуулсан этгээд нас барвал хуримтлалыг ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          'The National pension standard plan is a private pension on top of the social insurance pension. Save regularly until you retire and receive an extra monthly pension for life.',
        covers: [
          'An extra monthly pension for life after the term',
          'A guaranteed 6% a year',
          'If the insured person dies before the pension starts: the savings to the beneficiaries',
        ],
        audience: 'Working people aged 18 to 55 who want a higher retirement income.',
        terms: [
          'Terms of 10 to 30 years',
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          'Savings cannot be withdrawn before retirement (except for a serious illness)',
          'The premium can be changed once a year',
        ],
        contractClauses: [
          'The Insurer credits a guaranteed interest of at least 6% a year and, after the term, pays the insured person a monthly pension for life.',
          'If the insured person dies before the pension starts, the savings are paid to the beneficiaries.',
        ],
      },
    },
  },
  {
    id: 127,
    category: 'health',
    contractPrefix: 'HI',
    age: { min: 1, max: 64 },
    insuredFields: ['gender', 'email'],
    plan: { sum_insured: { min: 1_000_000, max: 30_000_000, step: 500_000 }, fee: null, terms_years: [1], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'risk', ratePerMille: 18, ageSlope: 0.02 },
    examples: [
      { age: 30, sumInsured: 5_000_000, termYears: 1, frequency: 'monthly' },
      { age: 10, sumInsured: 3_000_000, termYears: 1, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Аливаа өвчин болон ослын улмаас эмнэлэгт хэвтэн эмчлүүлэх, мэс засал хийлгэх, эмнэлгийн яаралтай тусламж авах зардлыг даатгалын мөнгөн дүнгийн хүрээнд нөхөн төлнө. Эрүүл мэндийн даатгалын сангаас төлөгдөөгүй үлдэгдэл зардлыг хамгаална.',
        covers: [
          `Хэвтэн эмчлүүлэх зардал (өдөрт ${mnt(150_000, 'mn')} хүртэл)`,
          'Мэс заслын зардал',
          'Эмнэлгийн яаралтай тусламж, түргэн тусламжийн зардал',
          'Ослын улмаас хөдөлмөрийн чадвар түр алдвал өдрийн тэтгэмж',
        ],
        audience: '1-64 насны, эрүүл мэндийн гэнэтийн зардлаас санхүүгээ хамгаалах хүсэлтэй хувь хүн, хүүхэд.',
        terms: [
          'Өвчний эрсдэлд гэрээ эхэлснээс хойш 30 хоногийн хүлээлгийн хугацаатай, ослын эрсдэл шууд хамгаалагдана',
          'Гэрээ байгуулахаас өмнө оношлогдсон архаг өвчин хамаарахгүй',
          'Гоо сайхны мэс засал, шүдний эмчилгээ хамаарахгүй',
          'Нөхөн төлбөрийн материалыг эмчилгээ дууснаас хойш 14 хоногт ирүүлнэ',
        ],
        contractClauses: [
          'Даатгагч нь даатгуулсан этгээд өвчин, ослын улмаас эмнэлгийн тусламж авсан бодит зардлыг эрүүл мэндийн даатгалын сангаас төлөгдсөн хэсгийг хасч, даатгалын мөнгөн дүнгийн хүрээнд нөхөн төлнө.',
          'Өвчний эрсдэлд гэрээ хүчин төгөлдөр болсноос хойш 30 хоногийн хүлээлгийн хугацаа үйлчилнэ.',
        ],
      },
      en: {
        description:
          'Pays the cost of hospital stays, surgery and emergency care after any illness or accident, up to the sum insured. It covers what the state health insurance fund does not pay.',
        covers: [
          `Hospital stays (up to ${mnt(150_000, 'en')} a day)`,
          'Surgery',
          'Emergency and ambulance care',
          'A daily allowance while temporarily unable to work after an accident',
        ],
        audience: 'Adults and children aged 1 to 64 who want protection from unexpected medical bills.',
        terms: [
          'Illness is covered after a 30-day waiting period; accidents from the first day',
          'Chronic conditions diagnosed before the contract are not covered',
          'Cosmetic surgery and dental care are not covered',
          'Send the claim documents within 14 days after treatment',
        ],
        contractClauses: [
          'The Insurer pays the actual cost of medical care after an illness or accident, less what the health insurance fund paid, up to the sum insured.',
          'A 30-day waiting period applies to illness from the start of the contract.',
        ],
      },
    },
  },
  {
    id: 129,
    category: 'health',
    contractPrefix: 'AC',
    age: { min: 1, max: 70 },
    insuredFields: ['email'],
    plan: { sum_insured: { min: 1_000_000, max: 100_000_000, step: 1_000_000 }, fee: null, terms_years: [1, 3, 5], frequencies: ['annual', 'semiannual', 'single'] },
    pricing: { kind: 'risk', ratePerMille: 1.8, ageSlope: 0 },
    examples: [
      { age: 30, sumInsured: 20_000_000, termYears: 1, frequency: 'annual' },
      { age: 30, sumInsured: 50_000_000, termYears: 5, frequency: 'single' },
    ],
    content: {
      mn: {
        description:
          'Зөвхөн ослын эрсдэлийг хамгаалах хямд төлбөртэй даатгал. Зам тээврийн осол, ажлын байрны осол, гэр ахуйн осол, спортын гэмтэл зэрэг гэнэтийн ослын улмаас нас барах, тахир дутуу болох, эмчлүүлэх үед нөхөн төлбөр олгоно.',
        covers: [
          'Ослоор нас барвал даатгалын мөнгөн дүнг бүтнээр',
          'Ослоор тахир дутуу болвол хөдөлмөрийн чадвар алдалтын хувиар',
          'Ослын улмаас гарсан эмчилгээний зардал (даатгалын мөнгөн дүнгийн 20% хүртэл)',
        ],
        audience: 'Жолооч, барилга, уул уурхайн ажилтан, спортоор хичээллэгч зэрэг ослын эрсдэл өндөртэй 1-70 насныхан.',
        terms: [
          'Гэрээ эхэлсэн өдрөөс хамгаална, хүлээлгийн хугацаагүй',
          'Согтуу үедээ жолоодох, хууль бус үйлдлийн улмаас гарсан осол хамаарахгүй',
          'Мэргэжлийн спортын тэмцээн хамаарахгүй',
          'Ослоос хойш 14 хоногийн дотор мэдэгдэнэ',
        ],
        contractClauses: [
          'Даатгагч нь гэрээний хугацаанд гэнэтийн ослын улмаас даатгуулсан этгээд нас барсан бол даатгалын мөнгөн дүнг ашиг хүртэгчдэд, тахир дутуу болсон бол хөдөлмөрийн чадвар алдалтын хувьтай тэнцүү хувийг даатгуулсан этгээдэд олгоно.',
          'Ослын улмаас гарсан эмчилгээний бодит зардлыг даатгалын мөнгөн дүнгийн 20% хүртэл нөхөн төлнө.',
        ],
      },
      en: {
        description:
          'Low-cost cover for accidents only: road, workplace and home accidents and sports injuries. It pays when an accident causes death, disability or treatment.',
        covers: [
          'Accidental death: the full sum insured',
          'Disability from an accident: the percentage of lost working capacity',
          'Treatment after an accident: up to 20% of the sum insured',
        ],
        audience: 'People aged 1 to 70 with a higher accident risk: drivers, construction and mining workers, amateur athletes.',
        terms: [
          'Covered from the first day, no waiting period',
          'Not covered: driving drunk, accidents while breaking the law',
          'Professional sports competitions are not covered',
          'Report an accident within 14 days',
        ],
        contractClauses: [
          "If an accident during the term causes the insured person's death, the Insurer pays the sum insured to the beneficiaries; if it causes disability, the Insurer pays the insured person the percentage of the sum insured equal to the lost working capacity.",
          'The actual cost of treatment after an accident is paid up to 20% of the sum insured.',
        ],
      },
    },
  },
  {
    id: 171,
    category: 'health',
    contractPrefix: 'CI',
    age: { min: 18, max: 65 },
    insuredFields: ['birth_date', 'gender', 'email'],
    plan: { sum_insured: { min: 5_000_000, max: 100_000_000, step: 1_000_000 }, fee: null, terms_years: [1, 3, 5], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'risk', ratePerMille: 2.2, ageSlope: 0.08 },
    examples: [
      { age: 35, sumInsured: 30_000_000, termYears: 1, frequency: 'monthly' },
      { age: 50, sumInsured: 50_000_000, termYears: 3, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Хорт хавдар анх удаа оношлогдоход даатгалын мөнгөн дүнг нэг удаа бүтнээр нь олгоно. Та нөхөн төлбөрийг эмчилгээ, гадаадад оношлуулах, орлогоо нөхөх зэрэгт өөрийн үзэмжээр зарцуулна.',
        covers: [
          'Хорт хавдар анх оношлогдоход даатгалын мөнгөн дүнг бүтнээр',
          'Эрт үеийн (in situ) хавдарт даатгалын мөнгөн дүнгийн 25%',
          'Гадаадын эмнэлэгт хоёр дахь дүгнэлт авах зөвлөгөө',
        ],
        audience: '18-65 насны, хорт хавдрын эмчилгээний өндөр зардлаас гэр бүлээ хамгаалах хүсэлтэй хүмүүс.',
        terms: [
          'Гэрээ эхэлснээс хойш 90 хоногийн хүлээлгийн хугацаатай',
          'Гэрээ байгуулахаас өмнө илэрсэн, шинжилгээ хийлгэж байсан хавдар хамаарахгүй',
          'Оношийг эд эсийн шинжилгээгээр баталгаажуулна',
          'Нөхөн төлбөр олгосноор гэрээ дуусгавар болно',
        ],
        contractClauses: [
          'Даатгагч нь гэрээний хугацаанд даатгуулсан этгээдэд хорт хавдар анх удаа оношлогдож, эд эсийн шинжилгээгээр батлагдсан тохиолдолд даатгалын мөнгөн дүнг нэг удаа олгоно.',
          'Гэрээ хүчин төгөлдөр болсноос хойш 90 хоногийн дотор илэрсэн хавдарт нөхөн төлбөр олгохгүй, төлсөн хураамжийг буцаана.',
        ],
      },
      en: {
        description:
          'Pays the full sum insured once, when cancer is first diagnosed. Spend it as you need: treatment, a diagnosis abroad, or replacing lost income.',
        covers: [
          'First diagnosis of cancer: the full sum insured',
          'Early-stage (in situ) cancer: 25% of the sum insured',
          'A second medical opinion from a hospital abroad',
        ],
        audience: 'People aged 18 to 65 who want to protect their family from the high cost of cancer treatment.',
        terms: [
          'A 90-day waiting period from the start',
          'Cancer found or investigated before the contract is not covered',
          'The diagnosis must be confirmed by a tissue test',
          'The contract ends once the benefit is paid',
        ],
        contractClauses: [
          'If cancer is first diagnosed during the term and confirmed by a tissue test, the Insurer pays the sum insured once.',
          'Cancer diagnosed within 90 days of the start is not covered; the premiums paid are refunded.',
        ],
      },
    },
  },
  {
    id: 172,
    category: 'health',
    contractPrefix: 'CF',
    age: { min: 18, max: 60 },
    insuredFields: ['gender', 'email', 'address'],
    plan: { sum_insured: { min: 10_000_000, max: 100_000_000, step: 1_000_000 }, fee: null, terms_years: [1, 3], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'risk', ratePerMille: 5.0, ageSlope: 0.05 },
    examples: [
      { age: 35, sumInsured: 30_000_000, termYears: 1, frequency: 'annual' },
      { age: 40, sumInsured: 50_000_000, termYears: 3, frequency: 'monthly' },
    ],
    content: {
      mn: {
        description:
          'Нэг гэрээгээр таныг, эхнэр эсвэл нөхөр, 18 хүртэлх насны хүүхдүүдийг тань хорт хавдраас хамгаална. Гэр бүлийн аль нэг гишүүнд хорт хавдар оношлогдоход тухайн гишүүнд оногдох даатгалын мөнгөн дүнг олгоно.',
        covers: [
          'Үндсэн даатгуулсан этгээд болон эхнэр, нөхөрт даатгалын мөнгөн дүнг бүтнээр',
          'Хүүхэд бүрт даатгалын мөнгөн дүнгийн 50%',
          'Нэг гишүүнд нөхөн төлбөр олгосны дараа бусад гишүүд хамгаалагдсаар байна',
        ],
        audience: 'Гэр бүлээрээ нэг гэрээнд хамрагдах хүсэлтэй, 18-60 насны үндсэн даатгуулсан этгээдтэй гэр бүлүүд.',
        terms: [
          'Гэрээ эхэлснээс хойш 90 хоногийн хүлээлгийн хугацаатай',
          'Гэр бүлийн гишүүдийг гэрээ байгуулснаас хойш 14 хоногт бүртгүүлнэ',
          'Өмнө нь оношлогдсон хавдар хамаарахгүй',
          'Хүүхэд 18 нас хүрэхэд хамгаалалт дуусна',
        ],
        contractClauses: [
          'Даатгагч нь гэрээнд бүртгэгдсэн гэр бүлийн гишүүнд гэрээний хугацаанд хорт хавдар анх удаа оношлогдвол үндсэн даатгуулсан этгээд, эхнэр, нөхөрт даатгалын мөнгөн дүнг, 18 хүртэлх насны хүүхдэд түүний 50%-ийг олгоно.',
          'Гэр бүлийн гишүүдийн мэдээллийг гэрээ хүчин төгөлдөр болсноос хойш 14 хоногийн дотор даатгагчид ирүүлнэ.',
        ],
      },
      en: {
        description:
          'One contract protects you, your spouse and your children under 18 against cancer. When any of them is diagnosed, that member’s benefit is paid.',
        covers: [
          'Main insured and spouse: the full sum insured',
          'Each child: 50% of the sum insured',
          'The others stay covered after one member’s benefit is paid',
        ],
        audience: 'Families who want one contract, with a main insured person aged 18 to 60.',
        terms: [
          'A 90-day waiting period from the start',
          'Register the family members within 14 days of the start',
          'Cancer diagnosed before the contract is not covered',
          'A child’s cover ends at 18',
        ],
        contractClauses: [
          'If cancer is first diagnosed during the term in a family member registered with the contract, the Insurer pays the sum insured for the main insured person or spouse, and 50% of it for a child under 18.',
          'The family members’ details are sent to the Insurer within 14 days of the start.',
        ],
      },
    },
  },
  {
    id: 215,
    category: 'life',
    contractPrefix: 'PR',
    age: { min: 18, max: 55 },
    insuredFields: ['gender', 'email'],
    plan: { sum_insured: { min: 5_000_000, max: 100_000_000, step: 1_000_000 }, fee: null, terms_years: [10, 15, 20], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'risk', ratePerMille: 55, ageSlope: 0.02, refund: true },
    examples: [
      { age: 30, sumInsured: 10_000_000, termYears: 10, frequency: 'monthly' },
      { age: 40, sumInsured: 20_000_000, termYears: 15, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Гэрээний хугацаанд таны амьдралыг даатгалын мөнгөн дүнгээр хамгаалж, хугацаа дуусахад эрсдэл тохиолдоогүй бол таны төлсөн бүх хураамжийг буцаан олгоно. Хамгаалалт, хуримтлал хоёрыг нэг дор.',
        covers: [
          'Нас барвал даатгалын мөнгөн дүнг ашиг хүртэгчдэд',
          'Хугацаа дуусахад төлсөн хураамжийн 100%-ийг буцаан',
          'Хөдөлмөрийн чадвараа бүрэн алдвал цаашдын хураамжаас чөлөөлнө',
        ],
        audience: 'Хамгаалалттай байхын зэрэгцээ төлсөн мөнгөө эргүүлэн авахыг хүсэгч 18-55 насныхан.',
        terms: [
          'Хугацаа 10, 15 эсвэл 20 жил',
          'Хураамж бүрэн төлөгдсөн тохиолдолд буцаан олголт хийгдэнэ',
          'Хугацаанаас өмнө цуцалбал буцаан олголтын үнэ (төлсөн хураамжийн 50-90%) олгоно',
          'Эхний 2 жилд амиа хорловол нөхөн төлбөр олгохгүй',
        ],
        contractClauses: [
          'Даатгагч нь даатгуулсан этгээд гэрээний хугацаанд нас барвал даатгалын мөнгөн дүнг ашиг хүртэгчдэд олгоно.',
          'Гэрээний хугацаа дуусахад даатгуулсан этгээд амьд, бүх хураамж төлөгдсөн бол даатгагч төлөгдсөн хураамжийн нийт дүнг даатгуулсан этгээдэд буцаан олгоно.',
        ],
      },
      en: {
        description:
          'Your life is covered for the sum insured during the term, and if nothing happens, every premium you paid is returned when the contract ends. Protection and savings in one.',
        covers: [
          'Death: the sum insured to your beneficiaries',
          'End of the term: 100% of the premiums paid back',
          'Full disability: no further premiums to pay',
        ],
        audience: 'People aged 18 to 55 who want cover and their money back.',
        terms: [
          'Terms of 10, 15 or 20 years',
          'The refund is paid when every premium has been paid',
          'Cancel early and the surrender value (50–90% of the premiums paid) is paid',
          'No benefit for suicide within the first 2 years',
        ],
        contractClauses: [
          'If the insured person dies during the term, the Insurer pays the sum insured to the beneficiaries.',
          'If the insured person is alive at the end of the term and every premium has been paid, the Insurer refunds the total of the premiums paid.',
        ],
      },
    },
  },
  {
    id: 218,
    category: 'pension',
    contractPrefix: 'NC',
    age: { min: 18, max: 55 },
    insuredFields: ['email', 'address'],
    plan: { sum_insured: null, fee: savingsFee(), terms_years: [10, 15, 20, 25], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'savings', interestRate: 6.5 },
    examples: [
      { age: 35, fee: 80_000, termYears: 20, frequency: 'monthly' },
      { age: 45, fee: 1_000_000, termYears: 10, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Үндэсний тэтгэврийн нөхцөлт багц нь таны сонгосон нөхцөл (тэтгэврийн нас, хуримтлалын зорилтот дүн) биелэхэд нэмэлт тэтгэвэр олгож эхэлнэ. Стандарт багцаас өндөр хүүтэй.',
        covers: [
          'Нөхцөл биелэхэд 15 жилийн турш сар бүрийн нэмэлт тэтгэвэр',
          'Жилийн 6.5% баталгаат хүү',
          'Нөхцөл биелэхээс өмнө нас барвал хуримтлалыг ашиг хүртэгчдэд',
        ],
        audience: 'Тэтгэврийн орлогоо төлөвлөж, тодорхой зорилттой хуримтлал үүсгэх 18-55 насныхан.',
        terms: [
          'Нөхцөлийг гэрээ байгуулахдаа сонгоно, дараа нь нэг удаа өөрчилж болно',
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          'Нөхцөл биелэхээс өмнө цуцалбал хуримтлалын 90%-ийг олгоно',
          'Хураамжийн төлөлтийг жилд 3 сар хүртэл түр зогсоож болно',
        ],
        contractClauses: [
          'Даатгагч нь хуримтлалд жилийн 6.5%-иас доошгүй хүү тооцож, гэрээнд заасан нөхцөл биелсэн сарын дараагийн сараас эхлэн 180 сарын турш тэтгэвэр олгоно.',
          'Нөхцөл биелэхээс өмнө даатгуулсан этгээд нас барвал хуримтлалыг ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          'The National pension conditional plan starts paying an extra pension once the condition you chose is met (a retirement age or a savings target). It earns more than the standard plan.',
        covers: [
          'An extra monthly pension for 15 years once the condition is met',
          'A guaranteed 6.5% a year',
          'If the insured person dies before: the savings to the beneficiaries',
        ],
        audience: 'People aged 18 to 55 who plan their retirement income around a clear target.',
        terms: [
          'Choose the condition when you sign; it can be changed once',
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          'Cancel before the condition is met and 90% of the savings are paid out',
          'Premiums can be paused for up to 3 months a year',
        ],
        contractClauses: [
          'The Insurer credits interest of at least 6.5% a year and, from the month after the agreed condition is met, pays a pension for 180 months.',
          'If the insured person dies before the condition is met, the savings are paid to the beneficiaries.',
        ],
      },
    },
  },
  {
    id: 238,
    category: 'life',
    contractPrefix: 'FI',
    age: { min: 25, max: 60 },
    insuredFields: ['gender', 'email'],
    plan: { sum_insured: { min: 10_000_000, max: 150_000_000, step: 1_000_000 }, fee: null, terms_years: [5, 10, 15], frequencies: REGULAR },
    pricing: { kind: 'risk', ratePerMille: 4.0, ageSlope: 0.07 },
    examples: [
      { age: 35, sumInsured: 30_000_000, termYears: 10, frequency: 'monthly' },
      { age: 45, sumInsured: 50_000_000, termYears: 5, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Гэр бүлийнхээ тулгуур болсон аавд зориулсан амьдрал, эрүүл мэндийн цогц даатгал. Нас барах, хүнд өвчин тусах, ослоор тахир дутуу болох эрсдэлээс гэр бүлийн санхүүг хамгаална.',
        covers: [
          'Нас барвал даатгалын мөнгөн дүнг ашиг хүртэгчдэд',
          'Зүрхний шигдээс, тархинд цус харвалт, хорт хавдар зэрэг 10 хүнд өвчинд даатгалын мөнгөн дүнгийн 50%',
          'Ослоор тахир дутуу болвол хөдөлмөрийн чадвар алдалтын хувиар',
        ],
        audience: 'Гэр бүлийн орлогын гол эх үүсвэр болсон 25-60 насны аавууд.',
        terms: [
          'Хүнд өвчний эрсдэлд 90 хоногийн хүлээлгийн хугацаатай',
          'Гэрээ байгуулахаас өмнө оношлогдсон өвчин хамаарахгүй',
          'Хураамж 60 хоногоос дээш хоцорвол гэрээ түдгэлзэнэ',
          'Гэрээг эхний 14 хоногт цуцалбал хураамжийг бүтнээр буцаана',
        ],
        contractClauses: [
          'Даатгагч нь даатгуулсан этгээд гэрээний хугацаанд нас барвал даатгалын мөнгөн дүнг ашиг хүртэгчдэд олгоно.',
          'Гэрээний хавсралтад заасан 10 хүнд өвчний аль нэг нь анх удаа оношлогдвол даатгалын мөнгөн дүнгийн 50%-ийг, ослоор тахир дутуу болвол хөдөлмөрийн чадвар алдалтын хувьтай тэнцүү хувийг даатгуулсан этгээдэд олгоно.',
        ],
      },
      en: {
        description:
          "Complete life and health cover for the father who supports the family. It protects the family's finances against death, serious illness and disability from an accident.",
        covers: [
          'Death: the sum insured to your beneficiaries',
          '10 serious illnesses such as heart attack, stroke and cancer: 50% of the sum insured',
          'Disability from an accident: the percentage of lost working capacity',
        ],
        audience: "Fathers aged 25 to 60 who are the family's main earner.",
        terms: [
          'Serious illness is covered after a 90-day waiting period',
          'Illnesses diagnosed before the contract are not covered',
          'The contract is suspended when a premium is more than 60 days late',
          'Cancel within 14 days and every premium is refunded',
        ],
        contractClauses: [
          'If the insured person dies during the term, the Insurer pays the sum insured to the beneficiaries.',
          'On the first diagnosis of one of the 10 serious illnesses listed in the annex, the Insurer pays 50% of the sum insured; on disability from an accident, the percentage of the sum insured equal to the lost working capacity.',
        ],
      },
    },
  },
  {
    id: 240,
    category: 'savings',
    contractPrefix: 'GS',
    age: { min: 18, max: 65 },
    insuredFields: ['email'],
    plan: { sum_insured: null, fee: savingsFee(50_000_000), terms_years: [3, 5, 7, 10], frequencies: ['monthly', 'quarterly', 'annual', 'single'] },
    pricing: { kind: 'savings', interestRate: 6.0 },
    examples: [
      { age: 30, fee: 100_000, termYears: 5, frequency: 'monthly' },
      { age: 30, fee: 5_000_000, termYears: 3, frequency: 'single' },
    ],
    content: {
      mn: {
        description:
          'Орон сууц, автомашин, аялал гэх мэт тодорхой зорилгодоо баталгаат өгөөжтэйгээр хуримтлуулна. Тогтвортой багц нь жилийн 6% баталгаат хүүтэй, эрсдэл багатай.',
        covers: [
          'Хугацааны эцэст хуримтлалыг 6% баталгаат хүүгийн хамт',
          'Даатгуулсан этгээд нас барвал хуримтлал ба төлөгдөөгүй хураамжийн 50%-ийг ашиг хүртэгчдэд',
          `Ослоор нас барвал нэмэлт ${mnt(5_000_000, 'mn')}`,
        ],
        audience: 'Тодорхой зорилготой, эрсдэлгүй хуримтлал хүсэгч 18-65 насныхан.',
        terms: [
          'Хугацаа 3-10 жил',
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          'Хугацаанаас өмнө цуцалбал хуримтлалын 95%-ийг олгоно',
          'Нэмэлт хураамжийг хүссэн үедээ төлж болно',
        ],
        contractClauses: [
          'Даатгагч нь хуримтлалд жилийн 6% баталгаат хүү тооцож, гэрээний хугацааны эцэст даатгуулсан этгээдэд олгоно.',
          'Даатгуулсан этгээд гэрээний хугацаанд нас барвал хуримтлал болон төлөгдөөгүй хураамжийн 50%-ийг ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          'Save towards a clear goal (a home, a car, a trip) with a guaranteed return. The Steady plan earns a guaranteed 6% a year at low risk.',
        covers: [
          'At the end of the term: the savings with a guaranteed 6%',
          'If the insured person dies: the savings plus 50% of the premiums not yet paid, to the beneficiaries',
          `Accidental death: an extra ${mnt(5_000_000, 'en')}`,
        ],
        audience: 'People aged 18 to 65 with a clear goal who want savings without risk.',
        terms: [
          'Terms of 3 to 10 years',
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          'Cancel early and 95% of the savings are paid out',
          'Extra payments are welcome at any time',
        ],
        contractClauses: [
          'The Insurer credits a guaranteed 6% a year and pays the savings to the insured person at the end of the term.',
          'If the insured person dies during the term, the Insurer pays the savings plus 50% of the premiums not yet paid to the beneficiaries.',
        ],
      },
    },
  },
  {
    id: 241,
    category: 'savings',
    contractPrefix: 'GB',
    age: { min: 18, max: 65 },
    insuredFields: ['email'],
    plan: { sum_insured: null, fee: savingsFee(50_000_000), terms_years: [5, 7, 10, 15], frequencies: ['monthly', 'quarterly', 'annual', 'single'] },
    pricing: { kind: 'savings', interestRate: 9.0 },
    examples: [
      { age: 30, fee: 100_000, termYears: 10, frequency: 'monthly' },
      { age: 40, fee: 10_000_000, termYears: 7, frequency: 'single' },
    ],
    content: {
      mn: {
        description:
          'Зоримог багц нь таны хуримтлалыг хувьцаа, бондын сан зэрэгт байршуулж, урт хугацаанд өндөр өгөөж хүртэх боломж олгоно. Тооцооллын хүү жилийн 9% бөгөөд бодит өгөөж зах зээлээс хамааран өөрчлөгдөнө; жилийн 2%-иас доошгүй өгөөжийг баталгаажуулна.',
        covers: [
          'Хөрөнгө оруулалтын өгөөжийн хамт хуримтлал (жилийн 2% баталгаат доод хэмжээ)',
          'Даатгуулсан этгээд нас барвал хуримтлалыг ашиг хүртэгчдэд, төлсөн хураамжаас багагүй',
          'Хөрөнгө оруулалтын хувиар жилд 2 удаа үнэгүй өөрчлөх',
        ],
        audience: 'Урт хугацаанд хуримтлуулж, өндөр өгөөжийн төлөө зах зээлийн хэлбэлзлийг даах боломжтой 18-65 насныхан.',
        terms: [
          'Хугацаа 5-15 жил',
          'Тооцоолсон хуримтлал баталгаат биш, өгөөж буурч ч болно',
          'Эхний 3 жилд цуцалбал хуримтлалын 85%, түүнээс хойш 95%-ийг олгоно',
          'Хөрөнгө оруулалтын тайланг улирал бүр илгээнэ',
        ],
        contractClauses: [
          'Даатгагч нь хураамжийг даатгуулсан этгээдийн сонгосон хөрөнгө оруулалтын санд байршуулж, бодит өгөөжийг, гэхдээ жилийн 2%-иас доошгүй өгөөжийг хуримтлалд тооцно.',
          'Даатгуулсан этгээд гэрээний хугацаанд нас барвал хуримтлал эсвэл төлсөн хураамжийн нийт дүнгийн аль ихийг ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          'The Bold plan invests your savings in equity and bond funds for a higher long-term return. Projections use 9% a year; the actual return follows the markets, with at least 2% a year guaranteed.',
        covers: [
          'Savings with the investment return (at least 2% a year guaranteed)',
          'If the insured person dies: the savings, never less than the premiums paid, to the beneficiaries',
          'Change the investment mix free twice a year',
        ],
        audience: 'People aged 18 to 65 saving for the long term who can accept market ups and downs for a higher return.',
        terms: [
          'Terms of 5 to 15 years',
          'Projected savings are not guaranteed; returns can fall',
          'Cancel in the first 3 years and 85% of the savings are paid out, 95% after that',
          'An investment report every quarter',
        ],
        contractClauses: [
          'The Insurer invests the premiums in the funds the insured person chooses and credits the actual return, at least 2% a year, to the savings.',
          'If the insured person dies during the term, the Insurer pays the beneficiaries the larger of the savings and the total of the premiums paid.',
        ],
      },
    },
  },
  {
    id: 242,
    category: 'health',
    contractPrefix: 'MI',
    age: { min: 20, max: 60 },
    insuredFields: ['gender', 'email'],
    plan: { sum_insured: { min: 5_000_000, max: 100_000_000, step: 1_000_000 }, fee: null, terms_years: [5, 10], frequencies: REGULAR },
    pricing: { kind: 'risk', ratePerMille: 3.5, ageSlope: 0.05 },
    examples: [
      { age: 30, sumInsured: 20_000_000, termYears: 5, frequency: 'monthly' },
      { age: 40, sumInsured: 30_000_000, termYears: 10, frequency: 'quarterly' },
    ],
    content: {
      mn: {
        description:
          'Ээжүүдэд зориулсан эрүүл мэнд, амьдралын даатгал. Хөхний болон умайн хүзүүний хорт хавдар зэрэг эмэгтэйчүүдийн өвчин, жирэмслэлт, төрөлтийн хүндрэл, нас барах эрсдэлээс хамгаална.',
        covers: [
          'Хөх, умай, өндгөвчний хорт хавдар оношлогдвол даатгалын мөнгөн дүнгийн 100%',
          'Жирэмслэлт, төрөлтийн хүндрэлээр хэвтэн эмчлүүлбэл даатгалын мөнгөн дүнгийн 10%',
          'Нас барвал даатгалын мөнгөн дүнг ашиг хүртэгчдэд',
          `Жил бүр урьдчилан сэргийлэх үзлэгийн зардал ${mnt(200_000, 'mn')} хүртэл`,
        ],
        audience: 'Гэр бүлээ авч яваа, өөрийн эрүүл мэндэд анхаарал хандуулахыг хүсэгч 20-60 насны эмэгтэйчүүд, ээжүүд.',
        terms: [
          'Өвчний эрсдэлд 90 хоногийн, төрөлтийн хүндрэлд 9 сарын хүлээлгийн хугацаатай',
          'Гэрээ байгуулахаас өмнө оношлогдсон өвчин хамаарахгүй',
          'Урьдчилан сэргийлэх үзлэгийн баримтыг жилд нэг удаа ирүүлнэ',
          'Гэрээг эхний 14 хоногт цуцалбал хураамжийг бүтнээр буцаана',
        ],
        contractClauses: [
          'Даатгагч нь гэрээний хугацаанд даатгуулсан этгээдэд хөх, умай, өндгөвчний хорт хавдар анх удаа оношлогдвол даатгалын мөнгөн дүнг, жирэмслэлт, төрөлтийн хүндрэлээр хэвтэн эмчлүүлбэл түүний 10%-ийг олгоно.',
          'Даатгуулсан этгээд нас барвал даатгалын мөнгөн дүнгээс өмнө олгосон нөхөн төлбөрийг хасч ашиг хүртэгчдэд олгоно.',
        ],
      },
      en: {
        description:
          "Health and life cover made for mothers. It protects against women's illnesses such as breast and cervical cancer, complications of pregnancy and childbirth, and death.",
        covers: [
          'Breast, uterine or ovarian cancer: 100% of the sum insured',
          'Hospital stay for complications of pregnancy or childbirth: 10% of the sum insured',
          'Death: the sum insured to your beneficiaries',
          `A yearly check-up, up to ${mnt(200_000, 'en')}`,
        ],
        audience: 'Women and mothers aged 20 to 60 who look after their family and their own health.',
        terms: [
          'Waiting periods: 90 days for illness, 9 months for childbirth complications',
          'Illnesses diagnosed before the contract are not covered',
          'Send the check-up receipt once a year',
          'Cancel within 14 days and every premium is refunded',
        ],
        contractClauses: [
          'On the first diagnosis of breast, uterine or ovarian cancer during the term, the Insurer pays the sum insured; for a hospital stay for complications of pregnancy or childbirth, 10% of it.',
          'If the insured person dies, the Insurer pays the beneficiaries the sum insured less any benefit already paid.',
        ],
      },
    },
  },
  {
    id: 272,
    category: 'pension',
    contractPrefix: 'NK',
    age: { min: 18, max: 55 },
    insuredFields: ['email', 'address'],
    plan: { sum_insured: null, fee: savingsFee(), terms_years: [10, 15, 20], frequencies: ['monthly', 'annual'] },
    pricing: { kind: 'savings', interestRate: 5.5 },
    examples: [
      { age: 30, fee: 50_000, termYears: 20, frequency: 'monthly' },
      { age: 40, fee: 1_000_000, termYears: 15, frequency: 'annual' },
    ],
    content: {
      mn: {
        description:
          'Үндэсний тэтгэврийн стандарт багцын купонтой хувилбар: хуримтлалын зэрэгцээ гэрээний 5 дахь жилээс эхлэн жил бүр хуримтлалын 1%-тай тэнцэх купон орлого олгоно. Купоныг бэлнээр авах эсвэл хуримтлалдаа нэмж болно.',
        covers: [
          'Жил бүрийн купон (хуримтлалын 1%) гэрээний 5 дахь жилээс',
          'Тэтгэвэрт гарснаас хойш насан туршийн сар бүрийн нэмэлт тэтгэвэр',
          'Тэтгэвэр авч эхлэхээс өмнө нас барвал хуримтлалыг ашиг хүртэгчдэд',
        ],
        audience: 'Тэтгэврийн хуримтлалаас гадна тогтмол жилийн орлого хүсэгч 18-55 насныхан.',
        terms: [
          'Хугацаа 10, 15 эсвэл 20 жил',
          'Жилийн 5.5% баталгаат хүү, купон үүн дээр нэмэгдэнэ',
          `Сар бүр ${mnt(50_000, 'mn')} ба түүнээс дээш хуримтлуулахыг зөвлөж байна`,
          'Купон олгох нөхцөл: тухайн жилийн хураамж бүрэн төлөгдсөн байх',
        ],
        contractClauses: [
          'Даатгагч нь хуримтлалд жилийн 5.5%-иас доошгүй баталгаат хүү тооцож, гэрээний 5 дахь жилээс эхлэн тухайн жилийн хураамж бүрэн төлөгдсөн бол хуримтлалын 1%-тай тэнцэх купоныг жил бүр олгоно.',
          'Гэрээний хугацаа дууссаны дараа даатгуулсан этгээдэд насан туршийн сар бүрийн тэтгэвэр олгоно.',
        ],
      },
      en: {
        description:
          'The coupon version of the National pension standard plan: besides your savings, from the 5th year of the contract it pays a yearly coupon of 1% of the savings. Take the coupon in cash or add it to your savings.',
        covers: [
          'A yearly coupon (1% of the savings) from the 5th year',
          'An extra monthly pension for life after the term',
          'If the insured person dies before the pension starts: the savings to the beneficiaries',
        ],
        audience: 'People aged 18 to 55 who want a yearly income as well as pension savings.',
        terms: [
          'Terms of 10, 15 or 20 years',
          'A guaranteed 5.5% a year, with the coupon on top',
          `Saving ${mnt(50_000, 'en')} or more a month is recommended`,
          "The coupon is paid when the year's premiums are fully paid",
        ],
        contractClauses: [
          "The Insurer credits a guaranteed interest of at least 5.5% a year and, from the 5th year, pays a yearly coupon of 1% of the savings when that year's premiums are fully paid.",
          'After the term, the Insurer pays the insured person a monthly pension for life.',
        ],
      },
    },
  },
];

export const catalogueProduct = (id: number): CatalogueProduct | undefined => CATALOGUE.find((product) => product.id === id);

/** The general conditions every contract shares, around the product's own clauses. */
export const contractText = (
  language: 'mn' | 'en',
  productName: string,
  companyName: string,
  clauses: readonly string[],
): string => {
  if (language === 'en') {
    return [
      `${productName} — insurance contract`,
      `1. Parties. This contract is made between ${companyName} (the Insurer) and the policyholder who accepts it online. The insured person and the beneficiaries are those entered in the application.`,
      `2. Cover. ${clauses.join(' ')}`,
      '3. Premiums. The policyholder pays the premium shown in the application at the chosen frequency. The contract takes effect on the day after the first premium is received. If a premium is more than 60 days late the cover is suspended until it is paid.',
      '4. Claims. Report an insured event as soon as possible, and send the supporting documents within 14 days after treatment or the event. The Insurer decides within 10 working days of receiving every document and pays within 5 working days of the decision.',
      '5. Exclusions. No benefit is paid for events caused on purpose, under the influence of alcohol or drugs, during war or civil unrest, or from conditions the policyholder knowingly withheld.',
      '6. Cancellation. The policyholder may cancel within 14 days of the start and get every premium back; later, the amounts set out in the product terms are paid.',
      '7. Personal data. The policyholder agrees that the Insurer processes the personal data given in the application to make and manage this contract, under the Law of Mongolia on the Protection of Personal Information.',
      '8. The signed contract is sent to the policyholder within 1 working day of payment. Disputes are settled by negotiation, otherwise by the courts of Mongolia.',
    ].join('\n\n');
  }
  return [
    `${productName} — даатгалын гэрээ`,
    `1. Талууд. Энэхүү гэрээг ${companyName} (цаашид “Даатгагч”) болон гэрээг онлайнаар зөвшөөрсөн даатгуулагч хооронд байгуулав. Даатгуулсан этгээд болон ашиг хүртэгчид нь өргөдөлд бичигдсэн хүмүүс байна.`,
    `2. Даатгалын хамгаалалт. ${clauses.join(' ')}`,
    '3. Хураамж. Даатгуулагч өргөдөлд заасан хураамжийг сонгосон давтамжаар төлнө. Гэрээ эхний хураамж төлөгдсөний дараагийн өдрөөс хүчин төгөлдөр болно. Хураамж 60 хоногоос дээш хоцорвол төлөгдөх хүртэл хамгаалалт түдгэлзэнэ.',
    '4. Нөхөн төлбөр. Даатгалын тохиолдол болсныг аль болох даруй мэдэгдэж, баримт бичгийг эмчилгээ эсвэл тохиолдол болсноос хойш 14 хоногийн дотор ирүүлнэ. Даатгагч бүх баримтыг хүлээн авснаас хойш 10 ажлын өдөрт шийдвэр гаргаж, 5 ажлын өдөрт нөхөн төлбөрийг олгоно.',
    '5. Хамаарахгүй тохиолдол. Санаатай үйлдэл, согтууруулах ундаа, мансууруулах бодисын нөлөө, дайн, үймээн самуун, даатгуулагчийн санаатай нуусан өвчин, нөхцөл байдлаас үүссэн тохиолдолд нөхөн төлбөр олгохгүй.',
    '6. Гэрээ цуцлах. Даатгуулагч гэрээ эхэлснээс хойш 14 хоногийн дотор цуцалбал төлсөн хураамжийг бүтнээр буцаан авна; түүнээс хойш бүтээгдэхүүний нөхцөлд заасан дүнг олгоно.',
    '7. Хувийн мэдээлэл. Даатгуулагч нь өргөдөлд оруулсан хувийн мэдээллээ гэрээ байгуулах, үйлчлэхэд ашиглахыг Хүний хувийн мэдээлэл хамгаалах тухай хуулийн дагуу зөвшөөрнө.',
    '8. Гарын үсэг зурсан гэрээг төлбөр төлөгдсөнөөс хойш 1 ажлын өдөрт даатгуулагчид илгээнэ. Маргааныг харилцан тохиролцох замаар, эс бөгөөс Монгол Улсын шүүхээр шийдвэрлэнэ.',
  ].join('\n\n');
};
