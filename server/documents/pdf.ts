/**
 * One renderer for every document the customer keeps (certificate, receipt, claim letters): a
 * `DocumentContent` — a title, sections of labelled rows, paragraphs and tables — drawn on A4 pages
 * with pdf-lib. Mongolian Cyrillic and the ₮ sign come from DejaVu Sans (the `dejavu-fonts-ttf`
 * package, read once from node_modules, subset into each PDF: no system font, nothing fetched). Every
 * page carries the verification code and, on the first page, its QR code and address.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';

export interface DocumentSection {
  heading?: string;
  /** Label and value pairs, drawn as two columns. */
  rows?: ReadonlyArray<readonly [string, string]>;
  paragraphs?: readonly string[];
  table?: { head: readonly string[]; rows: ReadonlyArray<readonly string[]> };
}

export interface DocumentContent {
  /** e.g. the insurer's name, printed above the title. */
  issuer: string;
  title: string;
  subtitle?: string;
  language: 'mn' | 'en';
  sections: readonly DocumentSection[];
  verification: { code: string; url: string; label: string; hint: string };
  /** A line at the foot of every page (e.g. 'Issued 2026.11.26 14:05, Ulaanbaatar'). */
  footer: string;
}

const require = createRequire(import.meta.url);
let fonts: { regular: Uint8Array; bold: Uint8Array } | undefined;
const fontBytes = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.38, 0.41, 0.47);
const RULE = rgb(0.82, 0.84, 0.88);
const BRAND = rgb(0.05, 0.33, 0.55);

/** Splits `text` into lines no wider than `width` (words kept whole unless one alone is too wide). */
export const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
};

export const renderDocument = async (content: DocumentContent): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`${content.title}${content.subtitle ? ` — ${content.subtitle}` : ''}`);
  doc.setAuthor(content.issuer);
  doc.setCreator(content.issuer);
  doc.setProducer(content.issuer);
  doc.setLanguage(content.language === 'mn' ? 'mn-MN' : 'en');
  doc.setSubject(`${content.verification.label} ${content.verification.code}`);

  const width = A4[0] - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < MARGIN + 40) newPage();
  };
  const text = (value: string, x: number, size: number, font = regular, color = INK) => page.drawText(value, { x, y, size, font, color });

  newPage();
  // Header: issuer, then the QR code of the verification page at the right.
  const qrSize = 92;
  const qr = encode(content.verification.url, { ecc: 'M', border: 0 });
  const cell = qrSize / qr.size;
  const qrTop = y + 6;
  for (let row = 0; row < qr.size; row += 1) {
    for (let column = 0; column < qr.size; column += 1) {
      if (qr.data[row]?.[column]) {
        page.drawRectangle({ x: A4[0] - MARGIN - qrSize + column * cell, y: qrTop - (row + 1) * cell, width: cell + 0.01, height: cell + 0.01, color: INK });
      }
    }
  }
  const leftWidth = width - qrSize - 16;
  y -= 8;
  text(content.issuer, MARGIN, 11, bold, BRAND);
  y -= 30;
  for (const line of wrap(content.title, bold, 18, leftWidth)) {
    text(line, MARGIN, 18, bold);
    y -= 22;
  }
  if (content.subtitle) {
    for (const line of wrap(content.subtitle, regular, 11, leftWidth)) {
      text(line, MARGIN, 11, regular, MUTED);
      y -= 15;
    }
  }
  y = Math.min(y, qrTop - qrSize - 12);
  const verifyLines = [`${content.verification.label}: ${content.verification.code}`, ...wrap(`${content.verification.hint} ${content.verification.url}`, regular, 8, width)];
  text(verifyLines[0] ?? '', MARGIN, 9, bold, MUTED);
  y -= 12;
  for (const line of verifyLines.slice(1)) {
    text(line, MARGIN, 8, regular, MUTED);
    y -= 11;
  }
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.8, color: RULE });
  y -= 18;

  const labelWidth = width * 0.38;
  for (const section of content.sections) {
    if (section.heading) {
      need(40);
      y -= 4;
      text(section.heading, MARGIN, 12, bold, BRAND);
      y -= 18;
    }
    for (const [label, value] of section.rows ?? []) {
      const labelLines = wrap(label, regular, 9.5, labelWidth - 10);
      const valueLines = wrap(value, bold, 9.5, width - labelWidth);
      const height = Math.max(labelLines.length, valueLines.length) * 13 + 4;
      need(height);
      const top = y;
      labelLines.forEach((line, index) => page.drawText(line, { x: MARGIN, y: top - index * 13, size: 9.5, font: regular, color: MUTED }));
      valueLines.forEach((line, index) => page.drawText(line, { x: MARGIN + labelWidth, y: top - index * 13, size: 9.5, font: bold, color: INK }));
      y -= height;
    }
    if (section.table) {
      const columns = section.table.head.length;
      const columnWidth = width / columns;
      const drawRow = (cells: readonly string[], font: PDFFont, color = INK) => {
        const wrapped = cells.map((value) => wrap(value, font, 9, columnWidth - 8));
        const height = Math.max(...wrapped.map((lines) => lines.length)) * 12 + 6;
        need(height);
        const top = y;
        wrapped.forEach((lines, column) =>
          lines.forEach((line, index) => page.drawText(line, { x: MARGIN + column * columnWidth, y: top - index * 12, size: 9, font, color })),
        );
        y -= height;
        page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: A4[0] - MARGIN, y: y + 4 }, thickness: 0.4, color: RULE });
      };
      drawRow(section.table.head, bold, MUTED);
      for (const row of section.table.rows) drawRow(row, regular);
    }
    for (const paragraph of section.paragraphs ?? []) {
      for (const line of wrap(paragraph, regular, 9.5, width)) {
        need(13);
        text(line, MARGIN, 9.5);
        y -= 13;
      }
      y -= 5;
    }
    y -= 10;
  }

  pages.forEach((each, index) => {
    each.drawLine({ start: { x: MARGIN, y: MARGIN + 18 }, end: { x: A4[0] - MARGIN, y: MARGIN + 18 }, thickness: 0.4, color: RULE });
    const pageLabel = `${content.verification.code} · ${index + 1}/${pages.length}`;
    const labelWidth = regular.widthOfTextAtSize(pageLabel, 8);
    each.drawText(pageLabel, { x: A4[0] - MARGIN - labelWidth, y: MARGIN + 4, size: 8, font: regular, color: MUTED });
    wrap(content.footer, regular, 7.5, width - labelWidth - 16).forEach((line, row) =>
      each.drawText(line, { x: MARGIN, y: MARGIN + 4 - row * 10, size: 7.5, font: regular, color: MUTED }),
    );
  });
  return doc.save();
};
