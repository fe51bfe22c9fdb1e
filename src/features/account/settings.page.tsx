import { shallowEqual, useSelector } from '@xstate/react';
import {
  connectCookiesSection,
  connectLanguageSection,
  connectPasswordSection,
  connectProfileSection,
  connectSettings,
} from '../../../machines/settings.connect';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/account.schema';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { selectSession, useAuthSelector } from '../../platform/auth-context';
import { Button, ButtonLink } from '../../ui/button';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { CookieConsentActor } from '../../platform/cookie-consent-context';
import { useSettingsFlow } from './account-flows';
import { ErrorNotice, RetryNotice, SuccessNotice } from './messages';
import './account.css';

type SettingsActor = ReturnType<typeof useSettingsFlow>;

const onSubmit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="settings__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead ? <p className="settings__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/** /user/settings: profile, password, language and cookies, each saving on its own and saying so; the Credit Med transaction password's reset for an eligible user. */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  const actor = useSettingsFlow();
  const session = useAuthSelector(selectSession);
  const { status, loadError } = useSelector(actor, connectSettings, shallowEqual);
  return (
    <div className="settings">
      <h1 className="settings__title">{t('settings.title')}</h1>
      {status === 'loading' ? <Spinner label={t('settings.loading')} /> : null}
      {status === 'failed' ? (
        <RetryNotice text={t('settings.loadFailed')} error={loadError} onRetry={() => actor.send({ type: 'settings.retry' })} retryLabel={t('common:actions.retry')} primary />
      ) : null}
      {status === 'ready' ? (
        <>
          <ProfileSection actor={actor} />
          <PasswordSection actor={actor} />
          <LanguageSection actor={actor} />
          <CookiesSection actor={actor} />
          {session?.isEligible ? (
            <Section id="settings-tx-password" title={t('settings.txPassword.title')} lead={t('settings.txPassword.lead')}>
              <ButtonLink href={routePaths.creditMedTxPassword.build()} variant="secondary">
                {t('settings.txPassword.action')}
              </ButtonLink>
            </Section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function ProfileSection({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const { account, profile, isSaving: saving } = useSelector(actor, connectProfileSection, shallowEqual);
  return (
    <Section id="settings-profile" title={t('settings.profile.title')} lead={t('settings.profile.lead')}>
      <dl className="settings__facts">
        <dt>{t('settings.profile.name')}</dt>
        <dd>{account?.name}</dd>
        <dt>{t('settings.profile.register')}</dt>
        <dd>{account?.register ?? '—'}</dd>
        <dt>{t('settings.profile.phone')}</dt>
        <dd>{account?.phone ?? '—'}</dd>
      </dl>
      <SuccessNotice>{profile.saved && t('settings.profile.saved')}</SuccessNotice>
      <ErrorNotice message={profile.error} />
      <form className="settings__form" onSubmit={onSubmit(() => actor.send({ type: 'profile.submit' }))} noValidate>
        <TextField
          label={t('settings.profile.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={profile.email}
          onChange={(value) => actor.send({ type: 'profile.change', value })}
          errorMessage={translate(profile.fieldErrors.email)}
          isDisabled={saving}
        />
        <TextField
          label={t('settings.profile.currentPassword')}
          description={t('settings.profile.currentPasswordHint')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={profile.current_password}
          onChange={(value) => actor.send({ type: 'profile.password', value })}
          errorMessage={translate(profile.fieldErrors.current_password)}
          isDisabled={saving}
        />
        <div className="settings__actions">
          <Button type="submit" isBusy={saving}>{saving ? t('settings.profile.saving') : t('settings.profile.save')}</Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const { password, isSaving: saving } = useSelector(actor, connectPasswordSection, shallowEqual);
  const field = (name: 'current_password' | 'new_password' | 'new_password_again', label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={password.form[name]}
      onChange={(value) => actor.send({ type: 'password.change', field: name, value })}
      errorMessage={translate(password.fieldErrors[name])}
      isDisabled={saving}
    />
  );
  return (
    <Section id="settings-password" title={t('settings.password.title')}>
      <SuccessNotice>{password.saved && t('settings.password.saved')}</SuccessNotice>
      <ErrorNotice message={password.error} />
      <form className="settings__form" onSubmit={onSubmit(() => actor.send({ type: 'password.submit' }))} noValidate>
        {field('current_password', t('settings.password.current'), 'current-password')}
        {field('new_password', t('settings.password.new'), 'new-password')}
        {field('new_password_again', t('settings.password.newAgain'), 'new-password')}
        <div className="settings__actions">
          <Button type="submit" isBusy={saving}>{saving ? t('settings.password.saving') : t('settings.password.save')}</Button>
        </div>
      </form>
    </Section>
  );
}

function LanguageSection({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation('account');
  const { language, isSaving: saving } = useSelector(actor, connectLanguageSection, shallowEqual);
  const options = LANGUAGE_CODES.map((code) => ({ id: code, label: t(`settings.language.${code}`) }));
  return (
    <Section id="settings-language" title={t('settings.language.title')} lead={t('settings.language.lead')}>
      <SuccessNotice>{language.saved && t('settings.language.saved')}</SuccessNotice>
      <ErrorNotice message={language.error} />
      <form className="settings__form" onSubmit={onSubmit(() => actor.send({ type: 'language.submit' }))} noValidate>
        <div className="field">
          <Select
            label={t('settings.language.label')}
            name="language"
            items={options}
            selectedKey={language.value}
            onSelectionChange={(value) => value && actor.send({ type: 'language.change', value: value as LanguageCode })}
            isDisabled={saving}
          />
        </div>
        <div className="settings__actions">
          <Button type="submit" isBusy={saving}>{saving ? t('settings.language.saving') : t('settings.language.save')}</Button>
        </div>
      </form>
    </Section>
  );
}

function CookiesSection({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation('account');
  const { cookies, isChoosing: choosing } = useSelector(actor, connectCookiesSection, shallowEqual);
  // The choice in force is the stored one, which the consent actor holds once it has decided.
  const decided = CookieConsentActor.useSelector((snapshot) => snapshot.matches({ banner: 'decided' }));
  const personal = CookieConsentActor.useSelector((snapshot) => snapshot.context.personalInformation);
  const marketing = CookieConsentActor.useSelector((snapshot) => snapshot.context.marketingAnalytics);
  const state = (allowed: boolean) => (allowed ? t('settings.cookies.allowed') : t('settings.cookies.notAllowed'));
  return (
    <Section id="settings-cookies" title={t('settings.cookies.title')} lead={t('settings.cookies.lead')}>
      <SuccessNotice>{cookies.saved && t('settings.cookies.saved')}</SuccessNotice>
      {decided ? (
        <dl className="settings__facts">
          <dt>{t('settings.cookies.personalInformation')}</dt>
          <dd>{state(personal)}</dd>
          <dt>{t('settings.cookies.marketingAnalytics')}</dt>
          <dd>{state(marketing)}</dd>
        </dl>
      ) : null}
      {choosing ? <p className="notice notice--success" role="status">{t('settings.cookies.choosing')}</p> : null}
      <div className="settings__actions">
        <Button variant="secondary" isDisabled={choosing} onPress={() => actor.send({ type: 'cookies.reopen' })}>
          {t('settings.cookies.change')}
        </Button>
      </div>
    </Section>
  );
}
