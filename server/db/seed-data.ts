/**
 * The products of SPEC section 3 (reference data, every start), the site's content written once into a
 * database without it (the home page's hero, info boxes and mobile teaser, the user-manual links), and
 * the demo accounts with their policies (demo mode only, into a database without users). Images and
 * files are served by this server (server/assets), nothing is fetched from elsewhere.
 */

export const COMPANY = { mn: 'Нар Лайф Даатгал ХХК', en: 'Nar Life Insurance LLC' } as const;

export interface SeedProduct {
  id: number;
  name: { mn: string; en: string };
  summary: { mn: string; en: string };
}

/** SPEC section 3, in the order the home carousel shows them. */
export const PRODUCTS: readonly SeedProduct[] = [
  {
    id: 100,
    name: { mn: 'Амьдралын даатгал', en: 'Life insurance' },
    summary: {
      mn: 'Гэнэтийн эрсдэлээс гэр бүлийнхээ ирээдүйг хамгаална.',
      en: "Protects your family's future against the unexpected.",
    },
  },
  {
    id: 112,
    name: { mn: 'Сургалтын төлбөрийн хуримтлал', en: 'Tuition savings' },
    summary: {
      mn: 'Хүүхдийнхээ сургалтын төлбөрийг багаас нь хуримтлуулна.',
      en: "Builds up your child's tuition fees from an early age.",
    },
  },
  {
    id: 114,
    name: { mn: 'Эрсдэлийн хамгаалалтгүй хугацаат тэтгэвэр', en: 'Term pension without risk cover' },
    summary: {
      mn: 'Тогтсон хугацаанд тэтгэвэр авах хуримтлал, эрсдэлийн хамгаалалтгүй.',
      en: 'Savings paid out as a pension for a fixed term, without risk cover.',
    },
  },
  {
    id: 119,
    name: { mn: 'Үндэсний тэтгэвэр – Стандарт', en: 'National pension – Standard' },
    summary: {
      mn: 'Нийгмийн даатгалын тэтгэврийг нэмэгдүүлэх нэмэлт тэтгэвэр.',
      en: 'A supplementary pension on top of the social insurance pension.',
    },
  },
  {
    id: 127,
    name: { mn: 'Бүх төрлийн өвчин, ослын даатгал', en: 'All-illness and accident cover' },
    summary: {
      mn: 'Өвчин болон ослын эмчилгээний зардлыг нөхөн төлнө.',
      en: 'Pays treatment costs for any illness or accident.',
    },
  },
  {
    id: 129,
    name: { mn: 'Ослын даатгал', en: 'Accident-only cover' },
    summary: {
      mn: 'Зөвхөн ослын улмаас үүссэн эрсдэлийг хамгаална.',
      en: 'Covers the consequences of accidents only.',
    },
  },
  {
    id: 171,
    name: { mn: 'Хорт хавдрын даатгал – Хувь хүн', en: 'Cancer cover – Individual' },
    summary: {
      mn: 'Хорт хавдар оношлогдоход нэг удаагийн нөхөн төлбөр олгоно.',
      en: 'A lump sum when you are diagnosed with cancer.',
    },
  },
  {
    id: 172,
    name: { mn: 'Хорт хавдрын даатгал – Гэр бүл', en: 'Cancer cover – Family' },
    summary: {
      mn: 'Гэр бүлийн бүх гишүүнийг нэг гэрээгээр хорт хавдраас хамгаална.',
      en: 'One contract that covers every family member against cancer.',
    },
  },
  {
    id: 215,
    name: { mn: 'Хураамж буцаан олгох даатгал', en: 'Premium refund insurance' },
    summary: {
      mn: 'Гэрээний хугацаа дуусахад төлсөн хураамжаа буцаан авна.',
      en: 'Get your premiums back when the contract ends.',
    },
  },
  {
    id: 218,
    name: { mn: 'Үндэсний тэтгэвэр – Нөхцөлт', en: 'National pension – Conditional' },
    summary: {
      mn: 'Сонгосон нөхцөл биелэхэд олгогдох нэмэлт тэтгэвэр.',
      en: 'A supplementary pension paid once the conditions you choose are met.',
    },
  },
  {
    id: 238,
    name: { mn: 'Аавын даатгал', en: "Father's insurance" },
    summary: {
      mn: 'Гэр бүлийн тулгуур аавыг эрүүл мэнд, амьдралын эрсдэлээс хамгаална.',
      en: 'Protects the father of the family against health and life risks.',
    },
  },
  {
    id: 240,
    name: { mn: 'Зорилгот хуримтлал – Тогтвортой', en: 'Goal savings – Steady' },
    summary: {
      mn: 'Баталгаат өгөөжтэй, эрсдэл багатай хуримтлал.',
      en: 'Low-risk savings with a guaranteed return.',
    },
  },
  {
    id: 241,
    name: { mn: 'Зорилгот хуримтлал – Зоримог', en: 'Goal savings – Bold' },
    summary: {
      mn: 'Өндөр өгөөж хүсэгчдэд зориулсан хөрөнгө оруулалттай хуримтлал.',
      en: 'Investment-linked savings for those who seek a higher return.',
    },
  },
  {
    id: 242,
    name: { mn: 'Ээжийн даатгал', en: "Mother's insurance" },
    summary: {
      mn: 'Ээжийн эрүүл мэнд, эмэгтэйчүүдийн өвчнөөс хамгаална.',
      en: "Covers a mother's health, including women's illnesses.",
    },
  },
  {
    id: 272,
    name: { mn: 'Үндэсний тэтгэвэр – Стандарт (купонтой)', en: 'National pension – Standard with coupon' },
    summary: {
      mn: 'Жил бүр купоны орлого олгодог стандарт нэмэлт тэтгэвэр.',
      en: 'The standard supplementary pension with a yearly coupon payment.',
    },
  },
];

export const productImage = (id: number) => `/images/product-${id}.svg`;

export const HERO_IMAGE = '/images/hero.svg';
export const MOBILE_IMAGE = '/images/mobile-app.svg';

export interface SeedBox {
  image: string;
  count: string;
  url: string;
  title: { mn: string; en: string };
  text: { mn: string; en: string };
}

export const BOXES: readonly SeedBox[] = [
  {
    image: '/images/box-products.svg',
    count: '15+',
    url: '/insurance/',
    title: { mn: 'Даатгалын бүтээгдэхүүн', en: 'Insurance products' },
    text: {
      mn: 'Амьдралын үе шат бүрд тохирох хамгаалалт, хуримтлалын шийдэл.',
      en: 'Protection and savings for every stage of life.',
    },
  },
  {
    image: '/images/box-customers.svg',
    count: '120 000+',
    url: '/insurance/',
    title: { mn: 'Итгэлтэй харилцагч', en: 'Trusting customers' },
    text: {
      mn: 'Олон мянган гэр бүл ирээдүйгээ бидэнд даатгасан.',
      en: 'Thousands of families have entrusted their future to us.',
    },
  },
  {
    image: '/images/box-online.svg',
    count: '24/7',
    url: '/user/contract',
    title: { mn: 'Онлайн үйлчилгээ', en: 'Online service' },
    text: {
      mn: 'Гэрээ, хураамж, нөхөн төлбөрөө хаанаас ч хянаарай.',
      en: 'Check your contracts, fees and claims from anywhere.',
    },
  },
  {
    image: '/images/box-claims.svg',
    count: '98%',
    url: '/user/claim',
    title: { mn: 'Шуурхай нөхөн төлбөр', en: 'Fast claims' },
    text: {
      mn: 'Нөхөн төлбөрийн хүсэлтийн ихэнх нь хугацаандаа шийдвэрлэгддэг.',
      en: 'Most claims are settled within the promised time.',
    },
  },
];

/** Rich text of the mobile-app teaser: plain, safe HTML (the client sanitizes it all the same). */
export const MOBILE_TEXT = {
  mn: [
    '<p><strong>Нар Лайф</strong> гар утасны аппликейшн удахгүй гарна.</p>',
    '<ul>',
    '<li>Гэрээ, хураамжийн мэдээллээ харах</li>',
    '<li>Хураамжаа онлайнаар төлөх</li>',
    '<li>Нөхөн төлбөрийн хүсэлт илгээж, явцыг хянах</li>',
    '</ul>',
    '<p>Даатгалаа <em>хаанаас ч</em>, хэзээ ч удирдаарай.</p>',
  ].join(''),
  en: [
    '<p>The <strong>Nar Life</strong> mobile app is coming soon.</p>',
    '<ul>',
    '<li>See your contracts and fees</li>',
    '<li>Pay your fees online</li>',
    '<li>File a claim and follow its progress</li>',
    '</ul>',
    '<p>Manage your insurance <em>anywhere</em>, any time.</p>',
  ].join(''),
} as const;

export const USER_MANUAL = {
  document: '/files/user-manual.pdf',
  video: '/files/user-manual-video.html',
} as const;

export interface SeedPolicy {
  contractNumber: string;
  productId: number;
  startDate: string;
  endDate: string;
  feeAmount: number;
  feeFrequency: 'single' | 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  status: 'pending' | 'active' | 'lapsed' | 'expired' | 'cancelled';
}

export interface SeedUser {
  email: string;
  /** The documented password (README); the seed stores only `passwordHash`. */
  password: string;
  /**
   * `password` hashed once, ahead of time (scrypt costs ~125 ms, and test servers seed often): the
   * seed hashes nothing. tests/unit/server-demo-passwords.test.ts checks each verifies `password`.
   */
  passwordHash: string;
  name: string;
  partnerId: number;
  register: string;
  phone: string;
  creditMedEligible: boolean;
  policies: readonly SeedPolicy[];
}

export const DEMO_USER: SeedUser = {
  email: 'demo@example.com',
  password: 'demo1234',
  passwordHash: 'scrypt$32768$8$1$me-a3AuoybKtGs7LK1AlRA$-psKR8EHgjHaO_9x7mXZYBBHoQA_dSb4UwdmAniizjNOqT9G4vb_ThQWboHfVsZziVD9EEANZzMrAdhuLx2VqA',
  name: 'Дорж Бат-Эрдэнэ',
  partnerId: 100234,
  register: 'УБ90061512',
  phone: '99112233',
  creditMedEligible: true,
  policies: [
    {
      contractNumber: 'LI-2023-000184',
      productId: 100,
      startDate: '2023-03-01',
      endDate: '2043-02-28',
      feeAmount: 120_000,
      feeFrequency: 'monthly',
      status: 'active',
    },
    {
      contractNumber: 'TS-2022-004512',
      productId: 112,
      startDate: '2022-09-01',
      endDate: '2034-08-31',
      feeAmount: 250_000,
      feeFrequency: 'quarterly',
      status: 'active',
    },
    {
      contractNumber: 'CF-2021-000907',
      productId: 172,
      startDate: '2021-01-15',
      endDate: '2024-01-14',
      feeAmount: 480_000,
      feeFrequency: 'annual',
      status: 'expired',
    },
  ],
};

export const SECOND_USER: SeedUser = {
  email: 'user2@example.com',
  password: 'user1234',
  passwordHash: 'scrypt$32768$8$1$D3G11ovkq660_b9gKAsUsQ$hYkrrse-OLyoUtct4YSS-I0-paKLGHfPNwl8WmnZWCOkiSdBZ-OBUe6Mnm1OHj7RK8wuy4bkDWP6_HLvb7KSRA',
  name: 'Ганболд Сарангэрэл',
  partnerId: 100871,
  register: 'ЧД88120345',
  phone: '88094512',
  creditMedEligible: false,
  policies: [
    {
      contractNumber: 'AC-2024-011236',
      productId: 129,
      startDate: '2024-06-01',
      endDate: '2029-05-31',
      feeAmount: 36_000,
      feeFrequency: 'annual',
      status: 'active',
    },
  ],
};

export const SEED_USERS: readonly SeedUser[] = [DEMO_USER, SECOND_USER];

// Credit Med request side (issue 13): an eligible user who has not started a request, and one whose
// request stopped after the images step (server/credit-med/request/seed.ts stores its steps).
export const CM_NEW_USER: SeedUser = {
  email: 'cm-new@example.com',
  password: 'cmnew1234',
  passwordHash: 'scrypt$32768$8$1$6Dr3akrJlSTkKid-qj-ggA$cBqqAB0niXKjbPOIJMeEsFjWYHVQ4LfCQicGKipyYfo-WuRkiEKmIMsrYf2MV3HQMDXh5oz0it3kVEXRABBLEQ',
  name: 'Батсүх Тэмүүжин',
  partnerId: 100901,
  register: 'УЕ92041517',
  phone: '99450011',
  creditMedEligible: true,
  policies: [{ contractNumber: 'LI-2024-000311', productId: 100, startDate: '2024-02-01', endDate: '2044-01-31', feeAmount: 90_000, feeFrequency: 'monthly', status: 'active' }],
};

export const CM_RESUME_USER: SeedUser = {
  email: 'cm-resume@example.com',
  password: 'cmresume1234',
  passwordHash: 'scrypt$32768$8$1$OTN4DM75tNl4kR2DCqYpQQ$CI8S19BKOyyX1xvqLPrVNjuatRFs3jkhQ91x7r5hRARhF3xqJlveouAVKjAqvKHblS63eEvAfuw0snlsboQPKQ',
  name: 'Эрдэнэ Номин',
  partnerId: 100902,
  register: 'ЧИ93081224',
  phone: '99450022',
  creditMedEligible: true,
  policies: [{ contractNumber: 'LI-2024-000312', productId: 127, startDate: '2024-04-01', endDate: '2034-03-31', feeAmount: 60_000, feeFrequency: 'monthly', status: 'active' }],
};

(SEED_USERS as SeedUser[]).push(CM_NEW_USER, CM_RESUME_USER);

/** The demo user's transaction password (pre-claims ask for it). */
export const DEMO_TRANSACTION_PASSWORD = '914273';
/** `DEMO_TRANSACTION_PASSWORD` hashed ahead of time, so the seed hashes nothing (checked by tests/unit/server-demo-passwords.test.ts). */
export const DEMO_TRANSACTION_PASSWORD_HASH =
  'scrypt$32768$8$1$3xc868TyeXSQjcoBYNBj6g$fbrgR1B1rNwnmvMqO-ajVK4aRHPVNwxYV4m-ny8K5f3IQQwdH-C9umQtv7bUPstUGxbznBoDmFpoDaKVRcvkDg';
