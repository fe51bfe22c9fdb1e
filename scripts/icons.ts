/**
 * `npx tsx scripts/icons.ts`: draws the app's PNG icons and favicon.ico into public/ from the logo SVG
 * (server/assets/images/favicon.svg) with Debian's Chromium, no network. Run it again after the logo
 * changes and commit the files (issue 24: the web manifest's icons).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/support/browser';

const SVG = readFileSync(fileURLToPath(new URL('../server/assets/images/favicon.svg', import.meta.url)), 'utf8');
const OUT = fileURLToPath(new URL('../public/', import.meta.url));
/**
 * The page that draws one icon: the logo's rounded tile, or (maskable, and Apple's icon, which the
 * platform rounds itself) the square tile without the rounded corners, full bleed.
 */
const pageFor = (size: number, square: boolean) => {
  let svg = SVG.replace(/width="64" height="64">/, `width="${size}" height="${size}">`);
  if (square) svg = svg.replace(' clip-path="url(#tile)"', '');
  return `<!doctype html><html><body style="margin:0">${svg.replace('<svg ', '<svg style="display:block" ')}</body></html>`;
};

/** An .ico holding PNG images (every browser since 2007 reads PNG entries). */
const ico = (images: { size: number; png: Buffer }[]) => {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
};

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const draw = async (size: number, square = false) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(pageFor(size, square));
    return page.screenshot({ omitBackground: !square, type: 'png' });
  };
  const files: [string, Buffer][] = [
    ['icons/icon-192.png', await draw(192)],
    ['icons/icon-512.png', await draw(512)],
    ['icons/maskable-512.png', await draw(512, true)],
    ['icons/apple-touch-icon.png', await draw(180, true)],
  ];
  for (const [file, png] of files) writeFileSync(`${OUT}${file}`, png);
  writeFileSync(`${OUT}favicon.ico`, ico([{ size: 16, png: await draw(16) }, { size: 32, png: await draw(32) }, { size: 48, png: await draw(48) }]));
  console.log(`icons written to ${OUT}`);
} finally {
  await browser.close();
}
