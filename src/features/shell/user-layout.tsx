import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contact } from '../../app/config';
import { Button } from '../../ui/button';
import { LinkMenu } from '../../ui/link-menu';
import { Modal } from '../../ui/modal';
import { focusAfterUpdate } from '../../ui/focus';
import { Spinner } from '../../ui/spinner';
import { AuthActor, selectSession } from '../../app/auth-context';
import { useNotificationStream } from '../../shared/notifications-live';
import { Footer } from './footer';
import { PageChrome } from './page-chrome';
import { SideMenu } from './side-menu';

function ManualIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

/** The floating user-manual button: manual document, video (from the profile) and the chat link. */
function UserManualButton({ document, video }: { document: string; video: string }) {
  const { t } = useTranslation('user');
  return (
    <aside className="user-manual" aria-label={t('manual.button')}>
      <LinkMenu
        label={t('manual.button')}
        className="user-manual__button"
        icon={<ManualIcon />}
        items={[
          { id: 'document', label: t('manual.document'), href: document },
          { id: 'video', label: t('manual.video'), href: video },
          { id: 'messenger', label: t('manual.messenger'), href: contact.messenger },
        ]}
      />
    </aside>
  );
}

/** Signed-in pages: side menu, content once the profile has loaded, footer, manual button (SPEC 2). */
export default function UserLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('user');
  const auth = AuthActor.useActorRef();
  const session = AuthActor.useSelector(selectSession);
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
        <div className="notice notice--error" role="alert">{t('profileFailed')}</div>
        <Button onPress={() => auth.send({ type: 'profile.retry' })}>{t('common:actions.retry')}</Button>
      </PageChrome>
    );
  }
  if (!session) {
    return (
      <PageChrome>
        <Spinner label={t('loadingProfile')} />
      </PageChrome>
    );
  }

  return (
    <div className="layout layout--user">
      <PageChrome
        before={<SideMenu name={session.profile.name} isEligible={session.isEligible} onLogout={() => auth.send({ type: 'logout.ask' })} />}
        after={<Footer />}
        mainClassName="user-layout__main"
      >
        {children}
      </PageChrome>
      <UserManualButton document={session.profile.user_manual_document} video={session.profile.user_manual_video} />
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
