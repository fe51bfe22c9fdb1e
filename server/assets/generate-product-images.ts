/**
 * Writes images/product-<id>.svg: one card illustration per product of SPEC section 3, a shared
 * template with the product's colours and a simple white icon. Run after changing an icon or colour:
 *   npx tsx server/assets/generate-product-images.ts
 */
import { writeFile } from 'node:fs/promises';

interface ProductArt {
  id: number;
  title: string;
  colors: readonly [string, string];
  /** SVG drawn in a 100x100 box, white on the card. */
  icon: string;
}

const stroke = (d: string, width = 6) =>
  `<path d="${d}" fill="none" stroke="#FFFFFF" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const fill = (d: string, color = '#FFFFFF') => `<path d="${d}" fill="${color}"/>`;
const HEART = 'M50 82 C30 66 16 54 16 38 C16 26 25 18 36 18 C42 18 47 21 50 26 C53 21 58 18 64 18 C75 18 84 26 84 38 C84 54 70 66 50 82 Z';
const RIBBON = 'M50 52 C38 38 36 22 50 14 C64 22 62 38 50 52 L30 88 M50 52 L70 88';
/** The tögrög sign: a T with two slanted strokes. */
const TUGRIK = (x: number, y: number, color: string) =>
  `<path d="M${x - 8} ${y - 9} L${x + 8} ${y - 9} M${x} ${y - 9} L${x} ${y + 10} M${x - 6} ${y} L${x + 6} ${y - 3} M${x - 6} ${y + 5} L${x + 6} ${y + 2}" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`;

const ART: readonly ProductArt[] = [
  {
    id: 100,
    title: 'Life insurance: a heart held in open hands',
    colors: ['#F6A821', '#E07B1F'],
    icon: `<g transform="translate(20 8) scale(0.6)">${fill(HEART)}</g>${stroke('M10 66 Q28 88 50 88 Q72 88 90 66')}${stroke('M10 66 L22 60')}${stroke('M90 66 L78 60')}`,
  },
  {
    id: 112,
    title: 'Tuition savings: a graduation cap',
    colors: ['#3B82C4', '#1E5186'],
    icon: `${fill('M50 18 L94 38 L50 58 L6 38 Z')}${fill('M26 48 L50 59 L74 48 L74 68 Q50 82 26 68 Z')}${stroke('M86 42 L86 68', 4)}<circle cx="86" cy="72" r="5" fill="#FFFFFF"/>`,
  },
  {
    id: 114,
    title: 'Term pension: an hourglass',
    colors: ['#7A6FD0', '#4F46A5'],
    icon: `${stroke('M26 12 L74 12 M26 88 L74 88')}${stroke('M32 12 Q32 40 50 50 Q32 60 32 88 M68 12 Q68 40 50 50 Q68 60 68 88')}${fill('M38 82 L62 82 L50 66 Z')}${fill('M42 30 L58 30 L50 42 Z')}`,
  },
  {
    id: 119,
    title: 'National pension standard: a stack of coins',
    colors: ['#2BA38F', '#17766A'],
    icon: `<rect x="14" y="74" width="56" height="12" rx="6" fill="#FFFFFF"/><rect x="18" y="60" width="56" height="12" rx="6" fill="#FFFFFF" opacity="0.85"/><rect x="14" y="46" width="56" height="12" rx="6" fill="#FFFFFF"/><circle cx="70" cy="28" r="18" fill="#FFFFFF"/>${TUGRIK(70, 28, '#17766A')}`,
  },
  {
    id: 127,
    title: 'All-illness and accident cover: a medical cross',
    colors: ['#E2574C', '#B83A30'],
    icon: `<circle cx="50" cy="50" r="40" fill="none" stroke="#FFFFFF" stroke-width="6"/>${fill('M42 22 H58 V42 H78 V58 H58 V78 H42 V58 H22 V42 H42 Z')}`,
  },
  {
    id: 129,
    title: 'Accident-only cover: a plaster',
    colors: ['#F28C28', '#D9472B'],
    icon: `<g transform="rotate(-40 50 50)"><rect x="8" y="34" width="84" height="32" rx="16" fill="#FFFFFF"/><rect x="36" y="34" width="28" height="32" fill="#F6C9A8"/><circle cx="44" cy="44" r="2.5" fill="#D9472B"/><circle cx="56" cy="44" r="2.5" fill="#D9472B"/><circle cx="44" cy="56" r="2.5" fill="#D9472B"/><circle cx="56" cy="56" r="2.5" fill="#D9472B"/></g>`,
  },
  {
    id: 171,
    title: 'Cancer cover for one person: an awareness ribbon',
    colors: ['#E86FA0', '#C0467A'],
    icon: stroke(RIBBON, 11),
  },
  {
    id: 172,
    title: 'Cancer cover for the family: an awareness ribbon under a roof',
    colors: ['#B55DBA', '#8A3D91'],
    icon: `${stroke('M8 46 L50 10 L92 46')}<g transform="translate(22 30) scale(0.56)">${stroke(RIBBON, 14)}</g>`,
  },
  {
    id: 215,
    title: 'Premium refund: a coin inside a returning arrow',
    colors: ['#3BA99C', '#2F6E41'],
    icon: `${stroke('M84 50 A34 34 0 1 1 74 26')}${stroke('M62 16 L76 26 L62 36')}<circle cx="50" cy="50" r="16" fill="#FFFFFF"/>${TUGRIK(50, 50, '#2F6E41')}`,
  },
  {
    id: 218,
    title: 'National pension conditional: a checklist',
    colors: ['#2F80A6', '#1B5775'],
    icon: `<rect x="20" y="14" width="60" height="76" rx="8" fill="none" stroke="#FFFFFF" stroke-width="6"/><rect x="36" y="8" width="28" height="12" rx="4" fill="#FFFFFF"/>${stroke('M30 38 L36 44 L44 34 M52 40 L70 40 M30 60 L36 66 L44 56 M52 62 L70 62', 5)}`,
  },
  {
    id: 238,
    title: "Father's insurance: a man in a shirt and tie",
    colors: ['#1E5186', '#143C64'],
    icon: `<circle cx="50" cy="28" r="16" fill="#FFFFFF"/>${fill('M18 92 C18 64 30 52 50 52 C70 52 82 64 82 92 Z')}${fill('M46 54 L54 54 L57 78 L50 86 L43 78 Z', '#F6A821')}`,
  },
  {
    id: 240,
    title: 'Goal savings, steady: an arrow in the centre of a target',
    colors: ['#52A86B', '#2F7A47'],
    icon: `<circle cx="46" cy="54" r="36" fill="none" stroke="#FFFFFF" stroke-width="6"/><circle cx="46" cy="54" r="20" fill="none" stroke="#FFFFFF" stroke-width="6"/><circle cx="46" cy="54" r="6" fill="#FFFFFF"/>${stroke('M46 54 L86 14')}${stroke('M74 12 L88 12 L88 26', 5)}`,
  },
  {
    id: 241,
    title: 'Goal savings, bold: a steeply rising chart',
    colors: ['#F2994A', '#D9602B'],
    icon: `${stroke('M12 12 L12 88 L90 88', 5)}${stroke('M22 74 L42 56 L56 64 L84 24')}${stroke('M68 22 L86 22 L86 40', 5)}`,
  },
  {
    id: 242,
    title: "Mother's insurance: a mother holding her child",
    colors: ['#E77C8E', '#C24E63'],
    icon: `<circle cx="42" cy="26" r="15" fill="#FFFFFF"/>${fill('M12 92 C12 62 24 48 42 48 C60 48 72 62 72 92 Z')}<circle cx="72" cy="52" r="10" fill="#FFE3B3"/>${fill('M56 86 C56 70 62 64 72 64 C82 64 88 70 88 86 Z', '#FFE3B3')}`,
  },
  {
    id: 272,
    title: 'National pension with coupon: a coupon ticket',
    colors: ['#C79A2E', '#9C731B'],
    icon: `${fill('M8 28 H92 V42 A8 8 0 0 0 92 58 V72 H8 V58 A8 8 0 0 0 8 42 Z')}<path d="M64 32 L64 68" stroke="#9C731B" stroke-width="3" stroke-dasharray="5 4"/><circle cx="28" cy="42" r="5" fill="#9C731B"/><circle cx="46" cy="58" r="5" fill="#9C731B"/><path d="M24 62 L50 38" stroke="#9C731B" stroke-width="4" stroke-linecap="round"/>${TUGRIK(79, 50, '#9C731B')}`,
  },
];

const card = ({ id, title, colors: [from, to], icon }: ProductArt) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 260" width="400" height="260" role="img" aria-labelledby="title">
  <title id="title">${title}</title>
  <defs>
    <linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="400" height="260" fill="url(#bg-${id})"/>
  <circle cx="360" cy="20" r="120" fill="#FFFFFF" opacity="0.12"/>
  <circle cx="30" cy="250" r="90" fill="#FFFFFF" opacity="0.08"/>
  <path d="M0 220 C90 196 170 200 260 214 C320 224 360 220 400 210 L400 260 L0 260 Z" fill="#FFFFFF" opacity="0.1"/>
  <g stroke="#FFFFFF" stroke-width="3" stroke-linecap="round" opacity="0.35">
    <line x1="330" y1="196" x2="330" y2="184"/>
    <line x1="312" y1="203" x2="304" y2="195"/>
    <line x1="348" y1="203" x2="356" y2="195"/>
  </g>
  <path d="M314 214 A16 16 0 0 1 346 214 Z" fill="#FFFFFF" opacity="0.35"/>
  <circle cx="200" cy="124" r="78" fill="#FFFFFF" opacity="0.16"/>
  <g transform="translate(145 69) scale(1.1)">
    ${icon}
  </g>
</svg>
`;

const dir = new URL('./images/', import.meta.url);
for (const art of ART) await writeFile(new URL(`product-${art.id}.svg`, dir), card(art));
console.log(`wrote ${ART.length} product images`);
