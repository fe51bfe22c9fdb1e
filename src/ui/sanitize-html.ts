/**
 * Makes the server's rich text safe to insert as HTML. The text is parsed into an inert document
 * (DOMParser runs no script and loads no image), then rebuilt from an allowlist: anything not listed
 * is dropped. Unknown wrappers (div, font, table …) are unwrapped so their text survives; elements
 * whose content is code or embedded media are dropped with their content.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a', 'span']);

/** Headings above and below the allowed levels keep their meaning at a level that fits the page outline. */
const RENAMED_TAGS: Record<string, string> = { h1: 'h3', h2: 'h3', h5: 'h4', h6: 'h4' };

/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'canvas', 'audio', 'video', 'picture', 'source', 'track', 'img', 'input', 'textarea',
  'select', 'option', 'button', 'head', 'title', 'meta', 'link', 'base', 'xmp', 'plaintext', 'noembed',
  'noframes',
]);

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Characters browsers ignore or strip inside a URL (controls, whitespace, zero-width): "java\tscript:" is "javascript:". */
const IGNORED_URL_CHARS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

export interface SafeLink {
  href: string;
  /** Absolute web links open in a new tab without handing the page to the target. */
  external: boolean;
}

/**
 * Checks a link target: http(s), mailto and tel URLs and relative paths pass; every other scheme
 * (javascript:, data:, vbscript:, file: …) returns null.
 */
export function safeLink(raw: string): SafeLink | null {
  const href = raw.trim();
  const compact = href.replace(IGNORED_URL_CHARS, '');
  if (compact === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme !== undefined) {
    const protocol = `${scheme.toLowerCase()}:`;
    if (!SAFE_SCHEMES.has(protocol)) return null;
    return { href, external: protocol === 'http:' || protocol === 'https:' };
  }
  // "//host" and "/\host" are absolute web links without a scheme.
  return { href, external: /^[/\\]{2}/.test(compact) };
}

/** A start tag with its attributes; quoted values may contain '>'. */
const START_TAG = /<[a-z][^\s/>]*(?:"[^"]*"|'[^']*'|[^>"'])*>?/gi;
/** Quoted attribute values, or runs of the tag outside them. */
const TAG_PIECE = /"[^"]*"|'[^']*'|[^"']+/g;

/**
 * Renames event-handler and style attributes (onerror → x-onerror, style → x-style) before parsing.
 * Not a safety measure: the parsed document is inert and the walk below drops every such attribute
 * anyway. But Chrome reports a Content Security Policy violation for every inline handler or style
 * attribute it merely parses, even in a DOMParser document, and the page's CSP reports must stay clean.
 */
const renameHandlers = (html: string) =>
  html.replace(START_TAG, (tag) =>
    tag.replace(TAG_PIECE, (piece) =>
      piece.startsWith('"') || piece.startsWith("'") ? piece : piece.replace(/(^|[\s/])(on(?=[a-z])|style\b)/gi, '$1x-$2'),
    ),
  );

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function copyAllowed(source: Node, target: Element, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.append(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions, CDATA
    const element = child as Element;
    const name = element.localName.toLowerCase();
    // Only HTML elements: an SVG or MathML <a> or <style> must not pass as an HTML one.
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED_WITH_CONTENT.has(name)) continue;
    const tag = RENAMED_TAGS[name] ?? name;
    if (!ALLOWED_TAGS.has(tag)) {
      copyAllowed(element, target, doc);
      continue;
    }
    const link = tag === 'a' ? safeLink(element.getAttribute('href') ?? '') : null;
    if (tag === 'a' && !link) {
      // A link without a safe target is only its text.
      copyAllowed(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    if (link) {
      copy.setAttribute('href', link.href);
      if (link.external) {
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (tag !== 'br') copyAllowed(element, copy, doc);
    target.append(copy);
  }
}

/**
 * Returns the allowlisted HTML of `html`: the tags p, br, strong, b, em, i, u, ul, ol, li, h3, h4, a and
 * span without any attribute except a safe `href` on links. Where no DOM exists (server, unit tests
 * without one) it returns the text with every tag removed and `<`, `>`, `&` escaped.
 */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') {
    return escapeText(html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[a-z/!?][^<>]*(>|$)/gi, ''));
  }
  const parsed = new DOMParser().parseFromString(renameHandlers(html), 'text/html');
  const output = parsed.createElement('div');
  copyAllowed(parsed.body, output, parsed);
  return output.innerHTML;
}
