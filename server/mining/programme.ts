/**
 * The employer's group programme the /ot/ wizard enrols employees in (one programme in this reference
 * server; a real one would load it per employer). Both languages, so the welcome page switches
 * language without asking again.
 */
import type { Programme } from '../../contract/mining.schema';

export const MINING_PROGRAMME: Programme = {
  employer: { mn: 'Говийн Алт Майнинг ХХК', en: 'Gobi Gold Mining LLC' },
  name: { mn: 'Уурхайчдын амь нас, ослын бүлгийн даатгал', en: 'Mine workers’ group life and accident cover' },
  intro: {
    mn: 'Ажил олгогч таны даатгалын хураамжийг бүрэн төлнө. Бүртгэлээ дуусгахад 10 орчим минут шаардлагатай: иргэний үнэмлэх, утас, ашиг хүртэгчдийнхээ мэдээллийг бэлдээрэй.',
    en: 'Your employer pays the whole premium. Registration takes about 10 minutes: have your ID card, your phone and your beneficiaries’ details ready.',
  },
  product: { id: 127, name: { mn: 'Бүх төрлийн өвчин, ослын даатгал', en: 'All-illness and accident cover' } },
  covers: [
    { label: { mn: 'Амь насаа алдвал', en: 'Death from any cause' }, amount: 50_000_000 },
    { label: { mn: 'Үйлдвэрлэлийн осол, хөдөлмөрийн чадвар алдалт', en: 'Work accident and disability' }, amount: 30_000_000 },
    { label: { mn: 'Эмчилгээний зардал (жилд)', en: 'Medical treatment (per year)' }, amount: 5_000_000 },
    { label: { mn: '18 хүртэлх насны хүүхдүүд ослын даатгалд хамрагдана', en: 'Children under 18 covered against accidents' }, amount: 5_000_000 },
  ],
  children_covered: true,
  monthly_fee: 45_000,
};
