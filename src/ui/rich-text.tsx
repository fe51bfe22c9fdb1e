import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';
import './ui.css';

export interface RichTextProps {
  /** HTML from the server; only the allowlist of sanitize-html.ts reaches the page. */
  html: string;
  className?: string;
}

/** Shows formatted text from the server (paragraphs, lists, emphasis, safe links) and nothing else. */
export function RichText({ html, className }: RichTextProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: safe }} />;
}
