/**
 * Demo data for accounts, written with the rest of the demo data on first start: every seeded
 * account is a partner (customer record) holding its policies, and a few policyholders have no
 * online account yet, so registration can be tried (`npm run dev`) and tested end to end.
 */
import type { Queryable } from '../db/db';

export interface DemoPolicyholder {
  partnerId: number;
  name: string;
  /** Register number (2 Cyrillic letters + 8 digits). */
  register: string;
  /** The phone written in the contract: registration codes go there. */
  phone: string;
  /** Product code of the one policy they hold; null for a customer with no policy. */
  productId: number | null;
}

export const DEMO_POLICYHOLDERS: readonly DemoPolicyholder[] = [
  { partnerId: 100401, name: 'Батболд Энхжаргал', register: 'УЕ95031218', phone: '99001101', productId: 100 },
  { partnerId: 100402, name: 'Ганзориг Түвшинбаяр', register: 'ЧБ87112404', phone: '99001102', productId: 127 },
  { partnerId: 100403, name: 'Дашдорж Оюунчимэг', register: 'ЕР92070815', phone: '99001103', productId: 240 },
  { partnerId: 100404, name: 'Сүхбаатар Мөнхбат', register: 'УП85020133', phone: '99001104', productId: 129 },
  { partnerId: 100405, name: 'Эрдэнэбат Номин', register: 'ДА99121507', phone: '99001105', productId: 112 },
  { partnerId: 100406, name: 'Лхагва Ганбаатар', register: 'ТА80091921', phone: '99001106', productId: 119 },
  { partnerId: 100407, name: 'Мягмар Сэлэнгэ', register: 'ИЙ93041046', phone: '99001107', productId: 171 },
  { partnerId: 100408, name: 'Очир Батцэцэг', register: 'НЕ96060662', phone: '99001108', productId: 242 },
  { partnerId: 100409, name: 'Цэнд Бямбасүрэн', register: 'ЛК91122878', phone: '99001109', productId: 100 },
  { partnerId: 100410, name: 'Бат Хулан', register: 'ОЮ94052349', phone: '99001110', productId: 215 },
  { partnerId: 100411, name: 'Нямдорж Дөлгөөн', register: 'ХО90081764', phone: '99001111', productId: 272 },
  { partnerId: 100412, name: 'Тэмүүжин Өнөболд', register: 'ӨБ88030555', phone: '99001112', productId: 238 },
  // Known to the insurer (e.g. a lapsed application) but holding no policy: 'No insurance found.'
  { partnerId: 100499, name: 'Болд Тэмүүлэн', register: 'ЗА01230155', phone: '99001199', productId: null },
];

/** The contract number of the `index`th demo policyholder's policy. */
export const policyholderContractNumber = (index: number) => `BR-2024-${String(500 + index).padStart(6, '0')}`;

/** Runs inside the demo seed's transaction, after the accounts and products are written. */
export const seedAccounts = async (tx: Queryable) => {
  await tx.query(
    `insert into partners (id, register, phone, name)
     select partner_id, upper(register), phone, name from users
      where register is not null and phone ~ '^[0-9]{8}$'
     on conflict do nothing`,
  );
  await tx.query(
    `update policies set partner_id = users.partner_id from users
      where users.id = policies.user_id and policies.partner_id is null
        and exists (select 1 from partners where partners.id = users.partner_id)`,
  );
  for (const [index, person] of DEMO_POLICYHOLDERS.entries()) {
    await tx.query('insert into partners (id, register, phone, name) values ($1, $2, $3, $4) on conflict do nothing', [
      person.partnerId,
      person.register,
      person.phone,
      person.name,
    ]);
    if (person.productId === null) continue;
    await tx.query(
      `insert into policies (partner_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       values ($1, $2, $3, '2024-01-01', '2034-12-31', $4, 'monthly', 'active')
       on conflict (contract_number) do nothing`,
      [person.partnerId, policyholderContractNumber(index), person.productId, 50_000 + index * 5_000],
    );
  }
};
