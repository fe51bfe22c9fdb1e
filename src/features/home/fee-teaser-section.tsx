/**
 * The premium teaser (SPEC 1): what it is, and its form (register number and contract phone). The
 * section is below the first screen (from 1,560 px on a desktop, 1,890 px on a phone), and the form's
 * fields bring react-aria's text field (about 17 KB gzipped, a ninth of the home page's JavaScript),
 * so the form's code is fetched as the section comes within 200 px of the screen once the page has
 * loaded and the browser is idle (as the carousel's motion is, src/ui/carousel.tsx): a visitor who
 * does not scroll down never fetches it. It is fetched at once when the page opens on the section
 * (/#fee, the header's link), or when the visitor touches the section first. Until it has come the
 * box is held with its labels and empty fields, so nothing moves when it comes. If its code cannot be
 * fetched, the section says so under the held box with a Retry, and the rest of the page stays.
 */
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterLoadAndIdle } from '../../platform/idle';
import { lazyPage, retryFailedPages } from '../../platform/lazy-page';
import { currentHash } from '../../platform/location';
import { Button } from '../../ui/button';
import { SelectChevron } from '../../ui/select';
import { useNearScreen } from '../../ui/use-near-screen';

const FeeTeaserForm = lazyPage(() => import('./fee-teaser-form'));

/** The longest the page waits for an idle moment before it starts watching for the section. */
const IDLE_TIMEOUT_MS = 3000;
const whenPageIdle = (signal: AbortSignal) => afterLoadAndIdle(IDLE_TIMEOUT_MS, signal);

export function FeeTeaserSection() {
  const { t } = useTranslation('home');
  const [asked, setAsked] = useState(() => currentHash() === 'fee');
  const [section, setSection] = useState<HTMLElement | null>(null);
  const near = useNearScreen(asked ? null : section, whenPageIdle);
  const formWanted = asked || near;
  return (
    <section ref={setSection} id="fee" className="home-section home-fee" aria-labelledby="home-fee-title">
      <div className="container home-fee__inner">
        <div className="home-fee__intro">
          <h2 id="home-fee-title" className="home-section__title home-fee__title">{t('fee.title')}</h2>
          <p className="home-fee__text">{t('fee.text')}</p>
        </div>
        {formWanted ? (
          <FormLoadBoundary fallback={(retry) => <FeeTeaserFormFailed onRetry={retry} />}>
            <Suspense fallback={<FeeTeaserFormPlaceholder />}>
              <FeeTeaserForm />
            </Suspense>
          </FormLoadBoundary>
        ) : (
          <FeeTeaserFormPlaceholder onTouch={() => setAsked(true)} />
        )}
      </div>
    </section>
  );
}

/**
 * The form as it first looks (./fee-teaser-form.tsx: labels, empty fields, the button and its badge),
 * with the same boxes, so the real one takes exactly its place. Hidden from assistive technology:
 * it can do nothing yet.
 */
function FeeTeaserFormPlaceholder({ onTouch }: { onTouch?: () => void }) {
  const { t } = useTranslation('home');
  const { t: ui } = useTranslation('ui');
  const letter = (
    <div className="select register-field__letter">
      <div className="select__control">
        <select className="select__button is-placeholder" disabled tabIndex={-1}>
          <option>{ui('register.letterPlaceholder')}</option>
        </select>
        <SelectChevron />
      </div>
    </div>
  );
  return (
    <div className="home-fee__form" aria-hidden="true" aria-busy="true" onPointerDown={onTouch}>
      <div className="field register-field">
        <span className="field__label">{t('fee.register')}</span>
        <div className="register-field__parts">
          {letter}
          {letter}
          <div className="register-field__number">
            <input className="field__input" placeholder={ui('register.numberPlaceholder')} disabled tabIndex={-1} />
          </div>
        </div>
      </div>
      <div className="field phone-field">
        <span className="field__label">{t('fee.phone')}</span>
        <input className="field__input phone-field__input" disabled tabIndex={-1} />
        <span className="field__description">{t('fee.phoneHint')}</span>
      </div>
      <div className="home-fee__actions">
        <span className="button button--secondary home-fee__submit">
          <span className="button__label">{t('fee.submit')}</span>
        </span>
        <span className="badge badge--accent">{t('fee.badge')}</span>
      </div>
    </div>
  );
}

/** The held box with what went wrong and a Retry, when the form's code could not be fetched (tried again by itself once back online). */
function FeeTeaserFormFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('home');
  const { t: common } = useTranslation();
  // Offline, the fetch failed for want of a connection: it is tried again as soon as one is back.
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div className="home-fee__failed">
      <FeeTeaserFormPlaceholder />
      <div className="notice notice--error home-fee__failed-note">
        <p role="alert">{t('fee.loadError')}</p>
        <Button variant="secondary" onPress={onRetry}>{common('actions.retry')}</Button>
      </div>
    </div>
  );
}

/** Catches the form's failed load (the only thing that can fail here) so the page around it stays. */
class FormLoadBoundary extends Component<{ children: ReactNode; fallback: (retry: () => void) => ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    retryFailedPages();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
