import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { PageChrome } from './page-chrome';
import { useHashScroll } from './use-hash-scroll';

/** Public pages: header, content, footer (SPEC 2 home layout). */
export function HomeLayout({ children }: { children: ReactNode }) {
  useHashScroll();
  return (
    <div className="layout layout--home">
      <PageChrome before={<Header />} after={<Footer />} mainClassName="layout__main">
        {children}
      </PageChrome>
    </div>
  );
}
