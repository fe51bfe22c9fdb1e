import type { ReactNode } from 'react';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { PageChrome } from './page-chrome';

/** Login pages: the language flag and one central panel (SPEC 2 login layout). */
export default function LoginLayout({ children }: { children: ReactNode }) {
  const top = (
    <header className="login-layout__top">
      <Logo inverse />
      <LanguageToggle />
    </header>
  );
  return (
    <div className="layout layout--login">
      <PageChrome before={top} mainClassName="login-layout__main">
        <div className="login-layout__panel">{children}</div>
      </PageChrome>
    </div>
  );
}
