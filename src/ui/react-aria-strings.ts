/**
 * The Mongolian of what react-aria itself says: the names a screen reader reads for a date's
 * segments ("он", "сар", "өдөр"), the combo box's "3 сонголт байна.", a dialog's hidden close button.
 * react-aria ships these in 34 languages, Mongolian not among them, so a Mongolian page read them in
 * English. The build (scripts/vite-react-aria-strings.ts) replaces each react-aria string table it
 * bundles with en-US (what English pages use, as before) and this file's Mongolian under each of
 * MONGOLIAN_LOCALES (src/ui/date-parts.ts), and fails when a
 * table it bundles has no entry here; tests/unit/react-aria-strings.test.ts checks that every entry
 * has exactly the keys of react-aria's en-US.
 *
 * The functions have react-aria's shape: `(args, formatter) => string`.
 */

/** The part of react-aria's LocalizedStringFormatter a message function uses. */
interface Formatter {
  number(value: number): string;
}

type Args = Record<string, unknown>;
export type ReactAriaMessage = string | ((args: Args, formatter: Formatter) => string);

const text = (value: unknown) => String(value ?? '');
const count = (value: unknown, formatter: Formatter) => formatter.number(Number(value));

/** mn-MN per react-aria string table: `react-aria/dist/private/<name>/intlStrings.mjs`, and react-aria-components' own. */
export const REACT_ARIA_MN: Record<string, Record<string, ReactAriaMessage>> = {
  combobox: {
    focusAnnouncement: (args, formatter) =>
      `${args.isGroupChange ? `${text(args.groupTitle)} бүлэг, ${count(args.groupCount, formatter)} сонголттой. ` : ''}${text(args.optionText)}${args.isSelected ? ', сонгосон' : ''}`,
    countAnnouncement: (args, formatter) => `${count(args.optionCount, formatter)} сонголт байна.`,
    selectedAnnouncement: (args) => `${text(args.optionText)}, сонгосон`,
    buttonLabel: 'Сонголтуудыг харуулах',
    listboxLabel: 'Сонголтууд',
  },
  datepicker: {
    era: 'эрин',
    year: 'он',
    month: 'сар',
    day: 'өдөр',
    hour: 'цаг',
    minute: 'минут',
    second: 'секунд',
    dayPeriod: 'ҮӨ/ҮХ',
    calendar: 'Хуанли',
    startDate: 'Эхлэх огноо',
    endDate: 'Дуусах огноо',
    weekday: 'гараг',
    timeZoneName: 'цагийн бүс',
    selectedDateDescription: (args) => `Сонгосон огноо: ${text(args.date)}`,
    selectedRangeDescription: (args) => `Сонгосон хугацаа: ${text(args.startDate)} – ${text(args.endDate)}`,
    selectedTimeDescription: (args) => `Сонгосон цаг: ${text(args.time)}`,
  },
  menu: {
    longPressMessage: 'Цэсийг нээхийн тулд удаан дарах эсвэл Alt + доош сум дарна уу',
  },
  overlays: {
    dismiss: 'Хаах',
  },
  // A date segment with nothing typed in it yet.
  spinbutton: {
    Empty: 'Хоосон',
  },
  'react-aria-components': {
    selectPlaceholder: 'Сонгоно уу',
    tableResizer: 'Баганын өргөн',
    dropzoneLabel: 'Файл оруулах хэсэг',
    colorSwatchPicker: 'Өнгөний сонголт',
  },
};
