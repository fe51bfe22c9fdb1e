import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { focusAfterUpdate } from '../../ui/focus';
import { Modal } from '../../ui/modal';
import { CookieConsentActor } from '../../platform/cookie-consent-context';

/** The policy modal, opened from the banner's link (and from settings later). */
export function CookiePolicyModal() {
  const { t } = useTranslation('cookies');
  const actor = CookieConsentActor.useActorRef();
  const isOpen = CookieConsentActor.useSelector((snapshot) => snapshot.matches({ policy: 'open' }));
  const close = () => actor.send({ type: 'policy.close' });
  return (
    <Modal isOpen={isOpen} title={t('policy.title')} size="large" onClose={close} actions={<Button onPress={close}>{t('common:actions.ok')}</Button>}>
      <div className="cookie-policy">
        <p>{t('policy.intro')}</p>
        <h3>{t('policy.necessaryTitle')}</h3>
        <p>{t('policy.necessaryText')}</p>
        <h3>{t('policy.personalTitle')}</h3>
        <p>{t('policy.personalText')}</p>
        <h3>{t('policy.marketingTitle')}</h3>
        <p>{t('policy.marketingText')}</p>
        <p>{t('policy.change')}</p>
      </div>
    </Modal>
  );
}

/**
 * While the banner is shown, the page gets room below its end as tall as the banner (a custom property
 * the body's bottom padding reads), so that every part of it — a wizard's main button, the footer —
 * can be scrolled out from under the banner (issue 24 item 15).
 */
function useRoomBelow(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cookie-banner-room', `${Math.ceil(element.getBoundingClientRect().height) + 16}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-room');
    };
  }, [banner, shown]);
}

/** The 'Cookie Settings' banner of SPEC 2 and 4, shown until a choice is stored. */
export function CookieBanner() {
  const { t } = useTranslation('cookies');
  const actor = CookieConsentActor.useActorRef();
  const asking = CookieConsentActor.useSelector((snapshot) => snapshot.matches({ banner: 'asking' }));
  const personal = CookieConsentActor.useSelector((snapshot) => snapshot.context.personalInformation);
  const marketing = CookieConsentActor.useSelector((snapshot) => snapshot.context.marketingAnalytics);
  const banner = useRef<HTMLElement>(null);
  useRoomBelow(banner, asking);
  // The banner goes away with the choice: focus moves on to what follows it in keyboard order.
  const choose = (type: 'consent.accept' | 'consent.rejectAll') => {
    actor.send({ type });
    focusAfterUpdate('.skip-link', 'main');
  };
  return (
    <>
      {asking ? (
        <section ref={banner} className="cookie-banner" aria-labelledby="cookie-banner-title">
          <div className="cookie-banner__text">
            <h2 id="cookie-banner-title" className="cookie-banner__title">{t('banner.title')}</h2>
            <p>
              {t('banner.text')}{' '}
              <button type="button" className="link-button" onClick={() => actor.send({ type: 'policy.open' })}>
                {t('banner.policyLink')}
              </button>
            </p>
            <div className="cookie-banner__choices">
              <Checkbox isSelected={personal} onChange={(value) => actor.send({ type: 'consent.toggle', category: 'personalInformation', value })}>
                {t('banner.personalInformation')}
              </Checkbox>
              <Checkbox isSelected={marketing} onChange={(value) => actor.send({ type: 'consent.toggle', category: 'marketingAnalytics', value })}>
                {t('banner.marketingAnalytics')}
              </Checkbox>
            </div>
          </div>
          <div className="cookie-banner__actions">
            <Button variant="secondary" onPress={() => choose('consent.rejectAll')}>{t('banner.rejectAll')}</Button>
            <Button onPress={() => choose('consent.accept')}>{t('banner.accept')}</Button>
          </div>
        </section>
      ) : null}
      <CookiePolicyModal />
    </>
  );
}
