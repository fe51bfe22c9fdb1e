import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../shared/notices';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { focusAfterUpdate } from '../../ui/focus';
import { Spinner } from '../../ui/spinner';
import { AuthActor, selectSession } from '../../platform/auth-context';
import { useLoadingFrame } from '../../platform/loading-head';
import { HelpButton } from '../../shared/help/help-button';
import { useNotificationStream } from '../../shared/notifications-live';
import { Footer } from './footer';
import { PageChrome } from './page-chrome';
import { SideMenu } from './side-menu';

/**
 * Signed-in pages: side menu, content once the profile has loaded, footer, manual button (SPEC 2): in
 * the side menu's top bar below 992 px, floating in the corner wider (src/shared/help/help-button.tsx).
 */
export default function UserLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('user');
  const auth = AuthActor.useActorRef();
  const session = AuthActor.useSelector(selectSession);
  const loadingFrame = useLoadingFrame();
  const failed = AuthActor.useSelector((snapshot) => snapshot.matches({ signedIn: 'profileFailed' }));
  const confirmingLogout = AuthActor.useSelector((snapshot) => snapshot.matches({ signedIn: { ready: 'confirmingLogout' } }));
  // Issue 14: the live unread count for the side menu's badge, while signed in.
  useNotificationStream(Boolean(session));

  // 'No' keeps the user where they were: back on the logout button (or the menu button that shows it).
  const cancelLogout = () => {
    auth.send({ type: 'logout.cancel' });
    focusAfterUpdate('.side-menu__logout', '.side-menu__toggle', 'main');
  };

  if (failed) {
    return (
      <PageChrome mainClassName="user-layout__failed">
        <ErrorNotice>{t('profileFailed')}</ErrorNotice>
        <Button onPress={() => auth.send({ type: 'profile.retry' })}>{t('common:actions.retry')}</Button>
      </PageChrome>
    );
  }
  // While the profile loads, the page's head stays where the page will draw it (src/platform/loading-head.ts).
  if (!session) {
    return (
      <PageChrome>{loadingFrame(<Spinner label={t('loadingProfile')} />)}</PageChrome>
    );
  }

  const help = { document: session.profile.user_manual_document, video: session.profile.user_manual_video };
  return (
    <div className="layout layout--user">
      <PageChrome
        before={
          <SideMenu
            name={session.profile.name}
            isEligible={session.isEligible}
            onLogout={() => auth.send({ type: 'logout.ask' })}
            help={<HelpButton {...help} placement="bar" />}
          />
        }
        after={<Footer />}
        mainClassName="user-layout__main"
      >
        {children}
      </PageChrome>
      <HelpButton {...help} placement="corner" />
      <Modal
        isOpen={confirmingLogout}
        role="alertdialog"
        title={t('logout.title')}
        onClose={cancelLogout}
        actions={
          <>
            <Button variant="secondary" onPress={cancelLogout}>{t('logout.no')}</Button>
            <Button onPress={() => auth.send({ type: 'logout.confirm' })}>{t('logout.yes')}</Button>
          </>
        }
      >
        <p>{t('logout.question')}</p>
      </Modal>
    </div>
  );
}
