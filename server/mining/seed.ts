/**
 * The employer's roster of the mining programme (demo data, written at every start; existing rows are
 * left alone). Several employees can enrol; one has already registered; one's roster phone is not the
 * phone they will type (Sarantuya changed her number: 'Your phone number is incorrect.').
 */
import type { Queryable } from '../db/db';

export interface RosterEmployee {
  register: string;
  phone: string;
  last_name: string;
  first_name: string;
  employee_number: string;
  email: string | null;
  address: string | null;
}

const employee = (register: string, phone: string, last_name: string, first_name: string, n: number, email: string | null = null, address: string | null = null): RosterEmployee => ({
  register,
  phone,
  last_name,
  first_name,
  employee_number: `OT-${n}`,
  email,
  address,
});

export const MINING_ROSTER: readonly RosterEmployee[] = [
  employee('ОТ88051512', '95001201', 'Дорж', 'Батбаяр', 1001, 'batbayar.d@example.com', 'Өмнөговь, Ханбогд сум, 2-р баг'),
  employee('ОТ92101824', '95001202', 'Ганбат', 'Саруул', 1002, null, 'Өмнөговь, Даланзадгад, 5-р баг'),
  employee('ОТ85072233', '95001203', 'Нацаг', 'Төмөрбаатар', 1003),
  employee('ОТ95121446', '95001204', 'Пүрэв', 'Сарангэрэл', 1004, 'sarangerel@example.com'),
  employee('ОТ01250551', '95001205', 'Бат', 'Тэмүүжин', 1005),
  employee('ОТ90030862', '95001206', 'Сүх', 'Уянга', 1006),
  employee('ОТ89061173', '95001207', 'Энх', 'Ганзориг', 1007),
  employee('ОТ93020284', '95001208', 'Очир', 'Номин', 1008),
  employee('ОТ86111195', '95001209', 'Лхам', 'Бат-Эрдэнэ', 1009),
  employee('ОТ94050716', '95001210', 'Цэрэн', 'Оюун', 1010),
  employee('ОТ87040317', '95001211', 'Жамц', 'Мөнх-Очир', 1011),
  employee('ОТ91080928', '95001212', 'Гомбо', 'Ариунаа', 1012),
  employee('ОТ84121239', '95001213', 'Дамдин', 'Эрдэнэбилэг', 1013),
  employee('ОТ96032340', '95001214', 'Баасан', 'Солонго', 1014),
  employee('ОТ83090151', '95001215', 'Пагма', 'Ганболд', 1015),
  employee('ОТ97101562', '95001216', 'Чулуун', 'Марал', 1016),
  employee('ОТ82070773', '95001217', 'Сэд', 'Батсүх', 1017),
  employee('ОТ98042984', '95001218', 'Намжил', 'Энхтуяа', 1018),
  employee('ОТ81050595', '95001219', 'Ванчиг', 'Цогт', 1019),
  employee('ОТ99061806', '95001220', 'Мягмар', 'Хонгорзул', 1020),
];

/** Registered before this server knew them (e.g. on paper): a new registration is refused. */
export const MINING_ALREADY_REGISTERED = { register: 'ОТ80010117', phone: '95001299' } as const;
/** On the roster with 95001298; the employee types their new number 95001297. */
export const MINING_OTHER_PHONE = { register: 'ОТ92121228', rosterPhone: '95001298', typedPhone: '95001297' } as const;

const SPECIAL: readonly RosterEmployee[] = [
  employee(MINING_ALREADY_REGISTERED.register, MINING_ALREADY_REGISTERED.phone, 'Галсан', 'Болд', 1099),
  employee(MINING_OTHER_PHONE.register, MINING_OTHER_PHONE.rosterPhone, 'Дорж', 'Сарантуяа', 1098),
];

export const syncMining = async (db: Queryable) => {
  for (const person of [...MINING_ROSTER, ...SPECIAL]) {
    await db.query(
      `insert into mining_roster (register, phone, last_name, first_name, employee_number, email, address)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
      [person.register, person.phone, person.last_name, person.first_name, person.employee_number, person.email, person.address],
    );
  }
  await db.query(
    `insert into mining_registrations (id, register, reference, data)
     values ('00000000-0000-4000-8000-000000000099', $1, 'OT-2025-000999', '{"source": "paper"}')
     on conflict do nothing`,
    [MINING_ALREADY_REGISTERED.register],
  );
};
