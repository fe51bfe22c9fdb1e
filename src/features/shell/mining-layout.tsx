import type { ReactNode } from 'react';
import { HelpSlot, HelpSlotProvider } from '../../shared/help/help-slot';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { Footer } from './footer';
import { PageChrome } from './page-chrome';

/** The mining-company registration flow: a light header without the shop's navigation (with the help button's slot for phones). */
export default function OtLayout({ children }: { children: ReactNode }) {
  const header = (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <HelpSlot />
        <LanguageToggle />
      </div>
    </header>
  );
  return (
    <HelpSlotProvider>
      <div className="layout layout--ot">
        <PageChrome before={header} after={<Footer />} mainClassName="layout__main container">
          {children}
        </PageChrome>
      </div>
    </HelpSlotProvider>
  );
}
