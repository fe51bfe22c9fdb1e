/** The Credit Med contract's text in both languages (the reference server's; the insurer's lawyers own the real one). */
import type { Language } from '../../http/language';

export const CONTRACT_TEXT: Record<Language, { title: (id: number) => string; paragraphs: (name: string) => string[] }> = {
  mn: {
    title: (id) => `Кредит Мед гэрээ № CM-${String(id).padStart(6, '0')}`,
    paragraphs: (name) => [
      `Энэхүү гэрээг Нар Лайф даатгалын компани (цаашид “Даатгагч”) болон ${name} (цаашид “Даатгуулагч”) нар байгуулав.`,
      'Даатгагч нь Даатгуулагчийн эмнэлгийн тусламж үйлчилгээний зардлыг Кредит Мед картын үлдэгдлээс эмнэлэгт урьдчилан төлнө (урьдчилсан нөхөн төлбөр).',
      'Урьдчилан төлсөн зардлын нөхөн төлбөр олгохоос татгалзвал Даатгуулагч тухайн дүнг Даатгагчид буцаан төлөх үүрэгтэй.',
      'Урьдчилсан нөхөн төлбөр бүрийг Даатгуулагчийн гүйлгээний нууц үгээр баталгаажуулна. Гүйлгээний нууц үгээ бусдад бүү хэлээрэй.',
      'Гэрээ нь картын хураамж төлөгдсөнөөр хүчин төгөлдөр болж, даатгалын гэрээ хүчинтэй байх хугацаанд үйлчилнэ.',
    ],
  },
  en: {
    title: (id) => `Credit Med contract No. CM-${String(id).padStart(6, '0')}`,
    paragraphs: (name) => [
      `This contract is made between Nar Life insurance company (the “Insurer”) and ${name} (the “Policyholder”).`,
      "The Insurer pays hospitals in advance for the Policyholder's medical care from the balance of the Credit Med card (a pre-claim).",
      'When the claim behind a pre-claim is rejected, the Policyholder repays that amount to the Insurer.',
      "Every pre-claim is confirmed with the Policyholder's transaction password. Never tell anyone your transaction password.",
      'The contract takes effect once the card fee is paid and lasts as long as the insurance contract is in force.',
    ],
  },
};

