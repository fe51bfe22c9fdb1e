/**
 * The links between the pages of a newest-first list with a `?before=` cursor (contract/page.schema.ts):
 * back to the newest page when this is an older one, on to the older page when there is one; nothing
 * when the list has one page. The claims, contracts and feedback lists share it.
 */
import { Link, useSearch } from 'wouter';
import './list-pager.css';

/** The `?before=` cursor of the page the address asks for, null on the first page. */
export const useBeforeCursor = () => new URLSearchParams(useSearch()).get('before');

export interface ListPagerProps {
  /** The `?before=` of the page shown, null on the first page. */
  before: string | null;
  /** The page's `next` cursor, null on the last page. */
  next: string | null;
  /** The list's address with a cursor (`before` null: the first page). */
  hrefOf: (before: string | null) => string;
  /** The navigation's name, and the two links' texts (translated). */
  label: string;
  newest: string;
  older: string;
}

export function ListPager({ before, next, hrefOf, label, newest, older }: ListPagerProps) {
  if (before === null && next === null) return null;
  return (
    <nav className="list-pager" aria-label={label}>
      {before !== null ? <Link href={hrefOf(null)}>{newest}</Link> : <span />}
      {next !== null ? <Link href={hrefOf(next)}>{older}</Link> : <span />}
    </nav>
  );
}
