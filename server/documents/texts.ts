/**
 * The words of the documents, in both languages, with the terms of the trade the pages use
 * (policyholder = Даатгуулагч (гэрээ эзэмшигч), insured person = Даатгуулсан этгээд, premium =
 * хураамж, claim = нөхөн төлбөрийн хүсэлт). Money and dates are formatted as on screen: Mongolian
 * "₮ 120,000" and "2026.11.26", English "MNT 120,000" and "26 Nov 2026"; times in Ulaanbaatar.
 */
import { RELATIONSHIPS } from '../../contract/insurance.schema';
import { formatMnt } from '../../contract/money';
import type { Language } from '../http/language';

const englishDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Ulaanbaatar' });
const ubParts = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Ulaanbaatar',
});

export const money = (amount: number, language: Language) => formatMnt(amount, language);

/** A calendar day ('2026-11-26') or an instant, as the day it is in Ulaanbaatar. */
export const day = (value: string | Date, language: Language) => {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+08:00`) : new Date(value);
  if (language === 'en') return englishDay.format(date);
  const parts = Object.fromEntries(ubParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}.${parts.month}.${parts.day}`;
};

/** An instant with its time in Ulaanbaatar: '2026.11.26 14:05' / '26 Nov 2026, 14:05 (Ulaanbaatar)'. */
export const dayTime = (value: Date, language: Language) => {
  const parts = Object.fromEntries(ubParts.formatToParts(value).map((part) => [part.type, part.value]));
  const time = `${parts.hour}:${parts.minute}`;
  return language === 'mn' ? `${day(value, 'mn')} ${time} (Улаанбаатар)` : `${day(value, 'en')}, ${time} (Ulaanbaatar)`;
};

/** "Бат-Эрдэнэ Дорж" → "Б. Д***": enough to recognise, not to identify. */
export const maskName = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part, index) => (index === 0 ? `${part.slice(0, 1)}.` : `${part.slice(0, 1)}***`))
    .join(' ');

/** "5012345678" → "******5678". */
export const maskAccount = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

const RELATIONSHIP_NAMES: Record<Language, Record<string, string>> = {
  mn: {
    grandfather: 'Өвөө',
    grandmother: 'Эмээ',
    father: 'Аав',
    mother: 'Ээж',
    son: 'Хүү',
    daughter: 'Охин',
    elderBrother: 'Ах',
    elderSister: 'Эгч',
    youngerBrother: 'Эрэгтэй дүү',
    youngerSister: 'Эмэгтэй дүү',
    paternalUncle: 'Авга ах',
    paternalAunt: 'Авга эгч',
    maternalUncle: 'Нагац ах',
    maternalAunt: 'Нагац эгч',
    grandchild: 'Ач, зээ',
    husband: 'Нөхөр',
    wife: 'Эхнэр',
    nephewNiece: 'Зээ',
    other: 'Бусад',
  },
  en: {
    grandfather: 'Grandfather',
    grandmother: 'Grandmother',
    father: 'Father',
    mother: 'Mother',
    son: 'Son',
    daughter: 'Daughter',
    elderBrother: 'Elder brother',
    elderSister: 'Elder sister',
    youngerBrother: 'Younger brother',
    youngerSister: 'Younger sister',
    paternalUncle: 'Paternal uncle',
    paternalAunt: 'Paternal aunt',
    maternalUncle: 'Maternal uncle',
    maternalAunt: 'Maternal aunt',
    grandchild: 'Grandchild',
    husband: 'Husband',
    wife: 'Wife',
    nephewNiece: 'Nephew or niece',
    other: 'Other',
  },
};

export const relationshipName = (code: number, language: Language) => {
  const key = (RELATIONSHIPS as Record<number, string>)[code];
  return key ? (RELATIONSHIP_NAMES[language][key] ?? key) : String(code);
};

const mn = {
  issuer: 'Нар Лайф даатгалын компани',
  verifyLabel: 'Баталгаажуулах код',
  verifyHint: 'Баримт жинхэнэ эсэх, одоогийн төлөвийг QR код уншуулж эсвэл дараах хаягаар шалгана:',
  issued: (at: string) => `Олгосон: ${at}. Энэ баримтыг цахимаар үйлдсэн, гарын үсэг шаардахгүй.`,
  certificate: {
    title: 'Даатгалын гэрээний гэрчилгээ',
    policy: 'Гэрээ',
    contractNumber: 'Гэрээний дугаар',
    product: 'Даатгалын бүтээгдэхүүн',
    status: 'Төлөв',
    owner: 'Даатгуулагч (гэрээ эзэмшигч)',
    insured: 'Даатгуулсан этгээд',
    register: 'Регистрийн дугаар',
    insurer: 'Даатгагч',
    startDate: 'Эхлэх огноо',
    endDate: 'Дуусах огноо',
    duration: 'Гэрээний хугацаа',
    years: (count: number) => `${count} жил`,
    sumInsured: 'Даатгалын мөнгөн дүн',
    fee: 'Хураамж',
    totalFee: 'Нийт хураамж',
    paidTotal: 'Одоогоор төлсөн',
    savings: 'Хуримтлал',
    interestRate: 'Жилийн хүү',
    agreedAt: 'Гэрээ байгуулсан огноо',
    schedule: 'Хураамжийн хуваарь',
    scheduleSummary: (count: number, paid: number, next: string | null) =>
      `Нийт ${count} хураамж, үүнээс төлөгдсөн ${paid}.${next ? ` Дараагийн төлөлт: ${next}.` : ''}`,
    beneficiaries: 'Ашиг хүртэгчид',
    name: 'Нэр',
    relationship: 'Хамаарал',
    share: 'Хувь',
    noBeneficiaries: 'Ашиг хүртэгч заагаагүй: хуулийн дагуу өв залгамжлагчид хүртэнэ.',
    contractText: 'Гэрээний нөхцөл (даатгуулагчийн зөвшөөрсөн эх)',
    statuses: { pending: 'Хүлээгдэж буй', active: 'Хүчинтэй', lapsed: 'Түр зогссон', expired: 'Дууссан', cancelled: 'Цуцлагдсан' } as Record<string, string>,
    frequencies: {
      single: (amount: string) => `Нэг удаа ${amount}`,
      monthly: (amount: string) => `Сар бүр ${amount}`,
      quarterly: (amount: string) => `Улирал бүр ${amount}`,
      semiannual: (amount: string) => `Хагас жил тутам ${amount}`,
      annual: (amount: string) => `Жил бүр ${amount}`,
    } as Record<string, (amount: string) => string>,
  },
  receipt: {
    title: 'Төлбөрийн баримт',
    purpose: 'Төлбөрийн зориулалт',
    purposes: {
      application: 'Даатгалын гэрээний эхний хураамж',
      fees: 'Даатгалын хураамж',
      credit_med_card: 'Кредит Мед картын хураамж',
      credit_med_repay: 'Урьдчилсан нөхөн төлбөрийн эргэн төлөлт',
    },
    amount: 'Дүн',
    provider: 'Төлбөрийн хэрэгсэл',
    providers: { khan: 'Банкны карт (Хаан банк)', qpay: 'QPay', mostmoney: 'MostMoney' },
    paidAt: 'Төлсөн хугацаа',
    invoice: 'Нэхэмжлэхийн дугаар',
    reference: 'Гүйлгээний лавлах дугаар',
    payer: 'Төлөгч',
    policy: 'Гэрээний дугаар',
    periods: 'Төлсөн хураамжууд',
    dueDate: 'Төлөх огноо',
    refundDue: 'Энэ төлбөрийг буцаан олгоно (төлбөр давхардсан эсвэл шаардлагагүй болсон).',
  },
  claimSummary: {
    title: 'Нөхөн төлбөрийн хүсэлт — илгээсэн мэдээлэл',
    claimNumber: 'Хүсэлтийн дугаар',
    contractNumber: 'Гэрээний дугаар',
    product: 'Даатгалын бүтээгдэхүүн',
    claimType: 'Хүсэлтийн төрөл',
    sentAt: 'Илгээсэн хугацаа',
    event: 'Тохиолдол',
    treatment: 'Эмчилгээний хугацаа',
    hospital: 'Эмнэлэг',
    diagnosis: 'Онош',
    amount: 'Нэхэмжилсэн дүн',
    payout: 'Нөхөн төлбөр шилжүүлэх данс',
    bank: 'Банк',
    account: 'Дансны дугаар',
    holder: 'Данс эзэмшигч',
    documents: 'Хавсаргасан баримтууд',
    document: 'Баримт',
    file: 'Файл',
    addedAt: 'Хавсаргасан',
    late: 'Эмчилгээ дууссанаас хойш 14 хоногоос хойш илгээсэн.',
    types: {
      treatment: 'Өвчин, эмнэлгийн эмчилгээ',
      accident: 'Осол',
      critical_illness: 'Хүнд өвчин',
      death: 'Нас баралт',
      disability: 'Хөдөлмөрийн чадвар алдалт',
    } as Record<string, string>,
    documentTypes: {
      id_card: 'Даатгуулсан этгээдийн иргэний үнэмлэх',
      hospital_invoice: 'Эмнэлгийн нэхэмжлэх, төлбөрийн баримт',
      medical_report: 'Эмчийн дүгнэлт эсвэл гарах үеийн тодорхойлолт',
      diagnosis_report: 'Оношийн дүгнэлт',
      accident_report: 'Ослын акт эсвэл цагдаагийн тодорхойлолт',
      death_certificate: 'Нас барсны гэрчилгээ',
      relationship_proof: 'Даатгуулсан этгээдтэй холбоотойг нотлох баримт',
      disability_certificate: 'Хөдөлмөрийн чадвар алдалтын тодорхойлолт',
    } as Record<string, string>,
    banks: { golomt: 'Голомт банк', khan: 'Хаан банк', state: 'Төрийн банк', tdb: 'Худалдаа хөгжлийн банк', xac: 'ХасБанк' } as Record<string, string>,
    stages: { received: 'Материал хүлээн авсан', review: 'Хянах, тодруулах', resolved: 'Шийдвэрлэсэн' } as Record<string, string>,
  },
  claimDecision: {
    title: 'Нөхөн төлбөрийн шийдвэрийн мэдэгдэл',
    decision: 'Шийдвэр',
    paid: 'Нөхөн төлбөр олгосон',
    refused: 'Нөхөн төлбөр олгохоос татгалзсан',
    paidAmount: 'Олгосон дүн',
    refusedAmount: 'Олгохоос татгалзсан дүн',
    reason: 'Шалтгаан',
    decidedAt: 'Шийдвэрлэсэн огноо',
    appeal:
      'Шийдвэрийг эс зөвшөөрвөл энэ мэдэгдлийг хүлээн авснаас хойш 30 хоногийн дотор 7000-1234 утсаар эсвэл info@narlife.mn хаягаар гомдол гаргана уу.',
  },
};

type Texts = typeof mn;

const en: Texts = {
  issuer: 'Nar Life insurance company',
  verifyLabel: 'Verification code',
  verifyHint: 'Check that this document is genuine and what it states now by scanning the QR code or at:',
  issued: (at: string) => `Issued ${at}. This document was made electronically and needs no signature.`,
  certificate: {
    title: 'Certificate of insurance',
    policy: 'Policy',
    contractNumber: 'Contract number',
    product: 'Insurance product',
    status: 'Status',
    owner: 'Policyholder',
    insured: 'Insured person',
    register: 'Register number',
    insurer: 'Insurer',
    startDate: 'Start date',
    endDate: 'End date',
    duration: 'Duration',
    years: (count: number) => `${count} ${count === 1 ? 'year' : 'years'}`,
    sumInsured: 'Sum insured',
    fee: 'Premium',
    totalFee: 'Total premium',
    paidTotal: 'Paid so far',
    savings: 'Savings',
    interestRate: 'Interest rate per year',
    agreedAt: 'Date of agreement',
    schedule: 'Premium schedule',
    scheduleSummary: (count: number, paid: number, next: string | null) =>
      `${count} premiums in all, ${paid} paid.${next ? ` Next payment: ${next}.` : ''}`,
    beneficiaries: 'Beneficiaries',
    name: 'Name',
    relationship: 'Relationship',
    share: 'Share',
    noBeneficiaries: 'No beneficiary named: the heirs at law receive the benefit.',
    contractText: 'Contract terms (the text the policyholder agreed to)',
    statuses: { pending: 'Pending', active: 'In force', lapsed: 'Lapsed', expired: 'Expired', cancelled: 'Cancelled' },
    frequencies: {
      single: (amount: string) => `${amount} once`,
      monthly: (amount: string) => `${amount} a month`,
      quarterly: (amount: string) => `${amount} a quarter`,
      semiannual: (amount: string) => `${amount} every six months`,
      annual: (amount: string) => `${amount} a year`,
    },
  },
  receipt: {
    title: 'Payment receipt',
    purpose: 'Paid for',
    purposes: {
      application: 'First premium of a new policy',
      fees: 'Insurance premiums',
      credit_med_card: 'Credit Med card fee',
      credit_med_repay: 'Repayment of a pre-claim',
    },
    amount: 'Amount',
    provider: 'Paid with',
    providers: { khan: 'Bank card (Khan Bank)', qpay: 'QPay', mostmoney: 'MostMoney' },
    paidAt: 'Paid at',
    invoice: 'Invoice number',
    reference: 'Provider reference',
    payer: 'Paid by',
    policy: 'Contract number',
    periods: 'Premiums covered',
    dueDate: 'Due date',
    refundDue: 'This payment will be refunded (it was paid twice or was no longer needed).',
  },
  claimSummary: {
    title: 'Claim — what was sent',
    claimNumber: 'Claim number',
    contractNumber: 'Contract number',
    product: 'Insurance product',
    claimType: 'Claim type',
    sentAt: 'Sent at',
    event: 'The event',
    treatment: 'Treatment',
    hospital: 'Hospital',
    diagnosis: 'Diagnosis',
    amount: 'Amount claimed',
    payout: 'Account for the payout',
    bank: 'Bank',
    account: 'Account number',
    holder: 'Account holder',
    documents: 'Documents attached',
    document: 'Document',
    file: 'File',
    addedAt: 'Added',
    late: 'Sent more than 14 days after the treatment ended.',
    types: {
      treatment: 'Illness or hospital treatment',
      accident: 'Accident',
      critical_illness: 'Critical illness',
      death: 'Death',
      disability: 'Disability',
    },
    documentTypes: {
      id_card: 'Identity card of the insured person',
      hospital_invoice: 'Hospital invoice and receipts',
      medical_report: "Doctor's report or discharge summary",
      diagnosis_report: 'Diagnosis report',
      accident_report: 'Accident or police report',
      death_certificate: 'Death certificate',
      relationship_proof: 'Proof of relationship to the insured person',
      disability_certificate: 'Disability (work capacity) certificate',
    },
    banks: { golomt: 'Golomt Bank', khan: 'Khan Bank', state: 'State Bank', tdb: 'Trade and Development Bank', xac: 'XacBank' },
    stages: { received: 'Materials received', review: 'Review and clarify', resolved: 'Resolved' },
  },
  claimDecision: {
    title: 'Claim decision letter',
    decision: 'Decision',
    paid: 'Claim paid',
    refused: 'Claim refused',
    paidAmount: 'Amount paid',
    refusedAmount: 'Amount refused',
    reason: 'Reason',
    decidedAt: 'Decided on',
    appeal:
      'If you disagree with this decision, you may appeal within 30 days of receiving this letter: call 7000-1234 or write to info@narlife.mn.',
  },
};

export const documentTexts: Record<Language, Texts> = { mn, en };
