/**
 * The mining-company employee registration (/ot/) end to end, on one build, one server and one
 * browser for the file: a full registration in Mongolian on a 375 px screen (no step scrolls
 * sideways), shares that do not total 100 %, a reload on the beneficiaries step, another device
 * continuing the draft after confirming the phone, a register number and phone off the roster (one
 * refusal, then the look-up throttle's wait), a second registration of the same person, and the
 * identity images (over 10 MB refused in the browser, a non-image refused by the server, an upload cut
 * half way continuing from the bytes the server has).
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { DRAFT_TOKEN_HEADER } from '../../contract/mining.schema';
import { MINING_ALREADY_REGISTERED, MINING_ROSTER, type RosterEmployee } from '../../server/mining/seed';
import { contact } from '../../src/platform/config';
import { axeViolations, WCAG_TAGS } from './support/axe';
import { useBrowserTests } from './support/harness';
import { fileOnDisk } from './support/uploads';
import { Phone } from './support/pages/phone.page';
import { UiLanguage } from './support/pages/ui-language';
import { WizardStepsBar } from './support/pages/wizard-steps.page';
import { exactly, LANGUAGES, text, type Language } from './support/texts';
import { expectPath, expectVisible, scrollWidth, storageItem, WAIT_MS } from './support/ui';

const e2e = useBrowserTests();

/** One roster employee per test: codes and resend waits of one test never touch another's. */
const people = [...MINING_ROSTER];
const nextPerson = (): RosterEmployee => {
  const person = people.shift();
  if (!person) throw new Error('no roster employee left for this file');
  return person;
};

/** The server refuses with 4xx on purpose in some tests; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (400|409|413|415|422|429)/, 'console error');

/** A 1×1 PNG, a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The PNG signature followed by `size` bytes: judged an image by its first bytes. */
const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(size - 16, 7)]);

const FLOW_KEY = 'flow:mining-registration:guest';

class Wizard {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  t(key: string, values?: Record<string, string | number>) {
    return text(this.language, `ot:${key}`, values);
  }

  heading(key: string) {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.t(key)) });
  }

  button(name: string) {
    return this.page.getByRole('main').getByRole('button', { name: exactly(name) });
  }

  field(label: string) {
    return this.page.getByRole('main').getByRole('textbox', { name: exactly(label) }).first();
  }

  async open() {
    await this.page.goto('/ot/');
    await expectVisible(this.heading('welcome.title'));
    await expectVisible(this.page.getByText(text(this.language, 'ot:welcome.covers')));
  }

  async fillRegister(group: ReturnType<Page['getByRole']>, register: string) {
    const selects = group.getByRole('combobox');
    await selects.nth(0).selectOption(register.charAt(0));
    await selects.nth(1).selectOption(register.charAt(1));
    await group.getByRole('textbox').fill(register.slice(2));
  }

  /** Welcome → register → the code from the phone → the first incomplete step. */
  async confirmPhone(person: Pick<RosterEmployee, 'register' | 'phone'>) {
    await this.button(this.t('welcome.start')).click();
    await expectPath(this.page, '/ot/register');
    await this.register(person);
    await expectPath(this.page, '/ot/register/confirm');
    const phone = new Phone(e2e.baseUrl, person.phone);
    await this.page.getByRole('textbox', { name: exactly(text(this.language, 'code:label')) }).fill(await phone.latestCode());
    await this.page.getByRole('main').getByRole('button', { name: exactly(text(this.language, 'code:submit')) }).click();
  }

  async register(person: Pick<RosterEmployee, 'register' | 'phone'>) {
    await expectVisible(this.heading('register.title'));
    await this.fillRegister(this.page.getByRole('group', { name: exactly(this.t('register.registerNumber')) }), person.register);
    await this.field(this.t('register.phone')).fill(person.phone);
    await this.button(this.t('register.submit')).click();
  }

  async insurer(email = 'worker@example.com', address = 'Өмнөговь, Ханбогд сум') {
    await expectPath(this.page, '/ot/register/insurer');
    await this.field(this.t('insurer.email')).fill(email);
    await this.field(this.t('insurer.address')).fill(address);
    await this.button(this.t('continue')).click();
    await expectPath(this.page, '/ot/register/beneficiaries');
  }

  beneficiary(number: number) {
    return this.page.getByRole('group', { name: exactly(text(this.language, 'beneficiaries:beneficiary', { number })) });
  }

  async fillBeneficiary(number: number, values: { last: string; first: string; register: string; relationship: string; share: string }) {
    const group = this.beneficiary(number);
    const b = (key: string) => exactly(text(this.language, `beneficiaries:${key}`));
    await group.getByRole('textbox', { name: b('lastName') }).fill(values.last);
    await group.getByRole('textbox', { name: b('firstName') }).fill(values.first);
    await this.fillRegister(group.getByRole('group', { name: b('register') }), values.register);
    await group.getByRole('combobox', { name: b('relationship') }).selectOption(values.relationship);
    await group.getByRole('textbox', { name: b('share') }).fill(values.share);
  }

  slot(key: 'idFront' | 'idBack' | 'selfie') {
    return this.page.getByRole('region', { name: exactly(this.t(`images.${key}`)) });
  }

  /** A payload, or a file on disk (a big one: the browser reads it from there instead of getting its bytes sent over the protocol). */
  async upload(key: 'idFront' | 'idBack' | 'selfie', file: { name: string; mimeType: string; buffer: Buffer } | string) {
    await this.slot(key).locator('input[type="file"]').setInputFiles(file);
  }

  async uploadAll() {
    for (const key of ['idFront', 'idBack', 'selfie'] as const) {
      await this.upload(key, { name: `${key}.png`, mimeType: 'image/png', buffer: PNG });
      await expectVisible(this.slot(key).getByText(exactly(text(this.language, 'upload:uploaded'))));
    }
  }

  async noSidewaysScroll() {
    expect(await scrollWidth(this.page)).toBeLessThanOrEqual(375);
  }
}

const open = async (language: Language, width?: number) => {
  const page = await e2e.openPage({ language, ...(width ? { width } : {}) });
  const wizard = new Wizard(page, language);
  await wizard.open();
  return wizard;
};

const spouse = { last: 'Дорж', first: 'Сараа', register: 'ОТ10251234', relationship: '17', share: '100' };

describe('mining registration', () => {
  it('registers an employee in Mongolian on a 375 px screen, no step scrolling sideways', async () => {
    const wizard = await open('mn', 375);
    const { page } = wizard;
    const person = nextPerson();
    await wizard.noSidewaysScroll();
    await wizard.button(wizard.t('welcome.start')).click();
    await expectPath(page, '/ot/register');
    await wizard.noSidewaysScroll();
    await wizard.register(person);
    await expectPath(page, '/ot/register/confirm');
    await wizard.noSidewaysScroll();
    const phone = new Phone(e2e.baseUrl, person.phone);
    await page.getByRole('textbox', { name: exactly(text('mn', 'code:label')) }).fill(await phone.latestCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text('mn', 'code:submit')) }).click();

    // Pre-filled from the roster; birth date and gender from the register number.
    await expectPath(page, '/ot/register/insurer');
    expect(await wizard.field(wizard.t('insurer.lastName')).inputValue()).toBe(person.last_name);
    expect(await wizard.field(wizard.t('insurer.employeeNumber')).inputValue()).toBe(person.employee_number);
    await expectVisible(page.getByText(exactly(wizard.t('insurer.male'))));
    // The step indicator on a phone: "Алхам 3/6: Таны мэдээлэл", identity and code done.
    const steps = new WizardStepsBar(new UiLanguage(page, 'mn'), 'ot:stepsLabel');
    const names = ['register', 'confirm', 'insurer', 'beneficiaries', 'images', 'result'].map((step) => wizard.t(`steps.${step}`));
    await steps.seeAt(3, names);
    await wizard.noSidewaysScroll();
    await wizard.insurer();

    await wizard.noSidewaysScroll();
    await wizard.fillBeneficiary(1, { ...spouse, share: '60' });
    await wizard.button(wizard.t('beneficiaries.add')).click();
    await wizard.fillBeneficiary(2, { last: 'Батбаяр', first: 'Тэмүүлэн', register: 'ОТ15230456', relationship: '5', share: '40' });
    await expectVisible(page.getByText(exactly(wizard.t('beneficiaries.total', { total: 100 }))));
    await wizard.button(wizard.t('beneficiaries.addChild')).click();
    const child = page.getByRole('group', { name: exactly(wizard.t('beneficiaries.child', { number: 1 })) });
    await child.getByRole('textbox', { name: exactly(wizard.t('insurer.lastName')) }).fill('Батбаяр');
    await child.getByRole('textbox', { name: exactly(wizard.t('insurer.firstName')) }).fill('Тэмүүлэн');
    await wizard.fillRegister(child.getByRole('group', { name: exactly(wizard.t('register.registerNumber')) }), 'ОТ15230456');
    await wizard.noSidewaysScroll();
    await wizard.button(wizard.t('continue')).click();

    await expectPath(page, '/ot/register/images');
    await wizard.uploadAll();
    await wizard.noSidewaysScroll();
    await wizard.button(wizard.t('images.submit')).click();

    await expectPath(page, '/ot/register/result');
    await expectVisible(wizard.heading('result.title'));
    await steps.seeAt(6, names);
    expect(await page.getByTestId('reference').innerText()).toMatch(/^OT-\d{4}-\d{6}$/);
    await expectVisible(page.getByText(wizard.t('result.beneficiary', { name: 'Батбаяр Тэмүүлэн', share: '40' })));
    await wizard.noSidewaysScroll();

    // A reload on the result still shows it.
    await page.reload();
    await expectVisible(wizard.heading('result.title'));

    // The same person registering again on this device is refused.
    expectRefusals();
    await wizard.button(wizard.t('result.another')).click();
    await expectPath(page, '/ot/');
    await wizard.button(wizard.t('welcome.start')).click();
    await wizard.register(person);
    await expectVisible(page.getByRole('main').getByRole('alert').filter({ hasText: text('mn', 'errors:alreadyRegistered') }));
    await expectPath(page, '/ot/register');
  });

  it('refuses shares that do not total 100 % and keeps what was typed', async () => {
    expectRefusals();
    const wizard = await open('en');
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer();
    await wizard.fillBeneficiary(1, { ...spouse, share: '90' });
    await wizard.button(wizard.t('continue')).click();
    await expectVisible(wizard.page.getByRole('alert').filter({ hasText: text('en', 'validation:sharesTotal', { total: 90 }) }));
    await expectPath(wizard.page, '/ot/register/beneficiaries');
    const group = wizard.beneficiary(1);
    expect(await group.getByRole('textbox', { name: exactly(text('en', 'beneficiaries:firstName')) }).inputValue()).toBe('Сараа');
  });

  it('keeps everything after a reload on the beneficiaries step, and a deep link to a later step stays there', async () => {
    const wizard = await open('en');
    const { page } = wizard;
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer('kept@example.com');
    await wizard.fillBeneficiary(1, { ...spouse, share: '70' });
    await wizard.button(wizard.t('beneficiaries.add')).click();
    await expect.poll(() => storageItem(page, FLOW_KEY).then((stored) => stored?.includes('"share":"30"')), { timeout: WAIT_MS }).toBe(true);
    await page.reload();
    await expectPath(page, '/ot/register/beneficiaries');
    const group = wizard.beneficiary(1);
    await expectVisible(group);
    expect(await group.getByRole('textbox', { name: exactly(text('en', 'beneficiaries:firstName')) }).inputValue()).toBe('Сараа');
    expect(await group.getByRole('textbox', { name: exactly(text('en', 'beneficiaries:share')) }).inputValue()).toBe('70');
    expect(await wizard.beneficiary(2).getByRole('textbox', { name: exactly(text('en', 'beneficiaries:share')) }).inputValue()).toBe('30');

    await page.goto('/ot/register/result');
    await expectPath(page, '/ot/register/beneficiaries');
    // Back to the insurer step: what was saved is there.
    await page.goBack();
    await page.goto('/ot/register/insurer');
    await expectPath(page, '/ot/register/insurer');
    expect(await wizard.field(wizard.t('insurer.email')).inputValue()).toBe('kept@example.com');
  });

  it('continues on another device after the phone is confirmed there', async () => {
    const person = nextPerson();
    const first = await open('en');
    await first.confirmPhone(person);
    await first.insurer('first@example.com');
    await first.fillBeneficiary(1, spouse);
    await first.button(first.t('continue')).click();
    await expectPath(first.page, '/ot/register/images');

    // Another browser (a new context: nothing stored), after the resend wait.
    await fetch(`${e2e.baseUrl}/api/dev/codes/age/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: person.phone, seconds: 120 }) });
    const second = await open('en');
    await second.confirmPhone(person);
    await expectPath(second.page, '/ot/register/images');
    await second.page.goto('/ot/register/insurer');
    await expectPath(second.page, '/ot/register/insurer');
    expect(await second.field(second.t('insurer.email')).inputValue()).toBe('first@example.com');
  });

  it('refuses a register number and phone off the roster with one message saying whom to call, then the wait; what was typed stays', async () => {
    expectRefusals();
    const wizard = await open('mn');
    const { page } = wizard;
    const person = nextPerson();
    const group = page.getByRole('group', { name: exactly(wizard.t('register.registerNumber')) });
    const alert = page.getByRole('main').getByRole('alert');
    await wizard.button(wizard.t('welcome.start')).click();
    await wizard.register({ register: person.register, phone: '95009900' });
    await expectVisible(alert.filter({ hasText: exactly(text('mn', 'errors:rosterNoMatch', { contactPhone: contact.phone })) }));
    await expectPath(page, '/ot/register');
    expect(await group.getByRole('textbox').inputValue()).toBe(person.register.slice(2));
    expect(await wizard.field(wizard.t('register.phone')).inputValue()).toBe('95009900');
    // Nine more guesses at this employee's phone (the limit is 10 per register number in 15 minutes)…
    for (let i = 1; i < 10; i++) {
      const response = await fetch(`${e2e.baseUrl}/api/mining/start/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ register: person.register, phone: `950099${String(i).padStart(2, '0')}` }),
      });
      expect(response.status).toBe(422);
    }
    // …and even the right phone waits, told for how long.
    await wizard.field(wizard.t('register.phone')).fill(person.phone);
    await wizard.button(wizard.t('register.submit')).click();
    await expectVisible(alert.filter({ hasText: exactly(text('mn', 'errors:tryAgainIn', { minutes: 15 })) }));
    await expectPath(page, '/ot/register');
    expect(await group.getByRole('textbox').inputValue()).toBe(person.register.slice(2));
    expect(await wizard.field(wizard.t('register.phone')).inputValue()).toBe(person.phone);
  });

  it('refuses a second registration of the same person with the SPEC message', async () => {
    expectRefusals();
    const wizard = await open('mn');
    await wizard.button(wizard.t('welcome.start')).click();
    await wizard.register(MINING_ALREADY_REGISTERED);
    await expectVisible(wizard.page.getByRole('main').getByRole('alert').filter({ hasText: text('mn', 'errors:alreadyRegistered') }));
    await expectPath(wizard.page, '/ot/register');
  });
});

describe('identity images', () => {
  const toImages = async (language: Language) => {
    const wizard = await open(language);
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer();
    await wizard.fillBeneficiary(1, spouse);
    await wizard.button(wizard.t('continue')).click();
    await expectPath(wizard.page, '/ot/register/images');
    return wizard;
  };
  const tokenOf = async (page: Page) => JSON.parse((await storageItem(page, FLOW_KEY)) ?? '{}')?.snapshot?.context?.token as string;

  it('refuses an image over 10 MB in the browser and loses nothing else', async () => {
    const wizard = await toImages('en');
    await wizard.upload('idFront', { name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await expectVisible(wizard.slot('idFront').getByText(exactly(text('en', 'upload:uploaded'))));
    const uploads: string[] = [];
    wizard.page.on('request', (request) => {
      if (request.url().includes('/api/uploads')) uploads.push(request.method());
    });
    const big = await fileOnDisk({ name: 'back.png', mimeType: 'image/png', buffer: pngOfSize(10 * 1024 * 1024 + 1) });
    onTestFinished(() => rm(big.directory, { recursive: true, force: true }));
    await wizard.upload('idBack', big.path);
    await expectVisible(wizard.slot('idBack').getByText(text('en', 'upload:tooLarge', { mb: 10 })));
    expect(uploads).toEqual([]);
    await expectVisible(wizard.slot('idFront').getByText(exactly(text('en', 'upload:uploaded'))));
    // A reload keeps the image already uploaded (read back from the store for its preview).
    await expect.poll(() => storageItem(wizard.page, FLOW_KEY).then((stored) => stored?.includes('front.png')), { timeout: WAIT_MS }).toBe(true);
    await wizard.page.reload();
    await expectVisible(wizard.slot('idFront').getByText(exactly(text('en', 'upload:uploaded'))));
    await expectVisible(wizard.slot('idFront').getByRole('img'));
    await wizard.page.goto('/ot/register/beneficiaries');
    expect(await wizard.beneficiary(1).getByRole('textbox', { name: exactly(text('en', 'beneficiaries:firstName')) }).inputValue()).toBe('Сараа');
  });

  it('has the server refuse a file that is not an image, whatever its name', async () => {
    expectRefusals();
    const wizard = await toImages('en');
    // The browser judges by content too, so the page never sends it: the server is asked directly.
    await wizard.upload('idFront', { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') });
    await expectVisible(wizard.slot('idFront').getByRole('alert'));
    const token = await tokenOf(wizard.page);
    const answer = await wizard.page.evaluate(
      async ({ token, header }) => {
        const body = new TextEncoder().encode('just some text, renamed to look like a photo');
        const created = await fetch('/api/uploads/', {
          method: 'POST',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(body.length), 'Upload-Metadata': `kind ${btoa('image')},filename ${btoa('notes.jpg')}`, [header]: token },
        });
        const location = created.headers.get('Location') ?? '';
        const patched = await fetch(location, {
          method: 'PATCH',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', [header]: token },
          body,
        });
        return { created: created.status, status: patched.status, body: await patched.text() };
      },
      { token, header: DRAFT_TOKEN_HEADER },
    );
    expect(answer.created).toBe(201);
    expect(answer.status).toBe(415);
    expect(answer.body).toContain('upload.badType');
  });

  it('continues an upload cut off half way from the bytes the server already has', async () => {
    const wizard = await toImages('en');
    const { page } = wizard;
    const context = page.context();
    const size = 6 * 1024 * 1024;
    const half = 3 * 1024 * 1024;
    const patches: number[] = [];
    let cut = false;
    // The first PATCH reaches the server with only its first half, then the connection drops and the
    // browser goes offline (a tunnel on the way to the mine); on localhost nothing is slow enough to
    // cut a real transfer half way.
    await page.route('**/api/uploads/**', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      patches.push(Number(request.headers()['upload-offset'] ?? '-1'));
      if (cut) return route.continue();
      cut = true;
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      const { 'content-length': _length, ...headers } = request.headers();
      await route.fetch({ postData: body.subarray(0, half), headers });
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    e2e.expectProblem(/ERR_INTERNET_DISCONNECTED|net::ERR|Failed to fetch/);
    // 6 MB chosen from disk: sent over the protocol, its bytes alone took most of the 10 s limit on a busy machine.
    const selfie = await fileOnDisk({ name: 'selfie.png', mimeType: 'image/png', buffer: pngOfSize(size) });
    onTestFinished(() => rm(selfie.directory, { recursive: true, force: true }));
    await wizard.upload('selfie', selfie.path);
    await expect.poll(() => cut, { timeout: WAIT_MS }).toBe(true);
    await page.waitForTimeout(500);
    expect(await wizard.slot('selfie').getByText(exactly(text('en', 'upload:uploaded'))).count()).toBe(0);

    // What the server stored before the cut: half of it.
    const token = await tokenOf(page);
    const { rows } = await e2e.db.query<{ id: string }>("select id from uploads where owner = $1 and filename = 'selfie.png'", [`mining:${token.split('.')[0]}`]);
    const id = rows[0]?.id;
    expect(id).toBeTruthy();
    const offset = async () =>
      Number((await fetch(`${e2e.baseUrl}/api/uploads/${id}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', [DRAFT_TOKEN_HEADER]: token } })).headers.get('upload-offset'));
    expect(await offset()).toBe(half);

    await context.setOffline(false);
    await expectVisible(wizard.slot('selfie').getByText(exactly(text('en', 'upload:uploaded'))), 60_000);
    // It went on from the stored bytes, not from zero, without choosing the image again.
    expect(patches[0]).toBe(0);
    expect(patches.slice(1)).toEqual([half]);
    expect(await offset()).toBe(size);
  });
});

describe('accessibility', () => {
  /** axe's findings on the page as it is now, one readable block per rule. */
  const violationsOn = async (page: Page, where: string) => {
    // A button that has just changed variant (the upload's chooser becomes 'Replace') fades its colours
    // for 0.15 s; axe measures the colours the page settles on, so finite transitions end first.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    );
    const violations = await axeViolations(page, { tags: WCAG_TAGS });
    return violations.map((violation) =>
      [`${where}: ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`, ...violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 200)}`)].join('\n'),
    );
  };

  it.each(LANGUAGES)('axe finds no violation on any step in %s', async (language) => {
    const wizard = await open(language);
    const { page } = wizard;
    const found: string[] = [];
    found.push(...(await violationsOn(page, '/ot/')));
    await wizard.button(wizard.t('welcome.start')).click();
    await expectVisible(wizard.heading('register.title'));
    found.push(...(await violationsOn(page, '/ot/register')));
    const person = nextPerson();
    await wizard.register(person);
    await expectPath(page, '/ot/register/confirm');
    found.push(...(await violationsOn(page, '/ot/register/confirm')));
    const phone = new Phone(e2e.baseUrl, person.phone);
    await page.getByRole('textbox', { name: exactly(text(language, 'code:label')) }).fill(await phone.latestCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text(language, 'code:submit')) }).click();
    await expectPath(page, '/ot/register/insurer');
    found.push(...(await violationsOn(page, '/ot/register/insurer')));
    await wizard.insurer();
    await wizard.fillBeneficiary(1, spouse);
    await wizard.button(wizard.t('beneficiaries.addChild')).click();
    found.push(...(await violationsOn(page, '/ot/register/beneficiaries')));
    await page.getByRole('main').getByRole('button', { name: exactly(wizard.t('beneficiaries.removeChild', { number: 1 })) }).click();
    await wizard.button(wizard.t('continue')).click();
    await expectPath(page, '/ot/register/images');
    found.push(...(await violationsOn(page, '/ot/register/images (empty)')));
    await wizard.uploadAll();
    found.push(...(await violationsOn(page, '/ot/register/images (uploaded)')));
    await wizard.button(wizard.t('images.submit')).click();
    await expectPath(page, '/ot/register/result');
    await expectVisible(wizard.heading('result.title'));
    found.push(...(await violationsOn(page, '/ot/register/result')));
    if (found.length > 0) throw new Error(`axe found ${found.length} violation(s):\n${found.join('\n')}`);
  });
});
