import type { ReactNode } from 'react';
import { HelpSlotProvider } from '../../shared/help/help-slot';
import { Footer } from './footer';
import { Header } from './header';
import { PageChrome } from './page-chrome';
import { useHashScroll } from './use-hash-scroll';

/** Public pages: header, content, footer (SPEC 2 home layout); the header holds the public flows' help button on phones. */
export function HomeLayout({ children }: { children: ReactNode }) {
  useHashScroll();
  return (
    <HelpSlotProvider>
      <div className="layout layout--home">
        <PageChrome before={<Header />} after={<Footer />} mainClassName="layout__main">
          {children}
        </PageChrome>
      </div>
    </HelpSlotProvider>
  );
}
