import type { ReactNode } from 'react';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { Footer } from './footer';
import { PageChrome } from './page-chrome';

/** The mining-company registration flow: a light header without the shop's navigation. */
export default function OtLayout({ children }: { children: ReactNode }) {
  const header = (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <LanguageToggle />
      </div>
    </header>
  );
  return (
    <div className="layout layout--ot">
      <PageChrome before={header} after={<Footer />} mainClassName="layout__main container">
        {children}
      </PageChrome>
    </div>
  );
}
