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
import { splitRegister } from '../../contract/validation';
import { MINING_ALREADY_REGISTERED, MINING_ROSTER, type RosterEmployee } from '../../server/mining/seed';
import { contact } from '../../src/platform/config';
import { axeViolations, WCAG_TAGS } from './support/axe';
import { useBrowserTests } from './support/harness';
import { fileOnDisk } from './support/uploads';
import { MiningRegistrationWizard, type MiningImageSlot } from './support/pages/mining-registration.page';
import { Phone } from './support/pages/phone.page';
import { UiLanguage } from './support/pages/ui-language';
import { WizardStepsBar } from './support/pages/wizard-steps.page';
import { exactly, LANGUAGES, text, type Language } from './support/texts';
import { expectHidden, expectPath, expectVisible, scrollWidth, storageItem, WAIT_MS } from './support/ui';

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

interface Beneficiary {
  last: string;
  first: string;
  register: string;
  relationship: string;
  share: string;
}

/**
 * The registration as a tester walks it: the shared page object's event methods
 * (support/pages/mining-registration.page.ts) put together into the steps these tests repeat.
 */
class Registration extends MiningRegistrationWizard {
  constructor(page: Page, language: Language) {
    super(new UiLanguage(page, language));
  }

  get language() {
    return this.ui.current;
  }

  /** A text of the registration (`ot:` namespace) in the page's language. */
  t(key: string, values?: Record<string, string | number>) {
    return text(this.language, `ot:${key}`, values);
  }

  async open() {
    await this.page.goto('/ot/');
    await expectVisible(this.heading('welcome.title'));
    await expectVisible(this.page.getByText(text(this.language, 'ot:welcome.covers')));
  }

  /** The register number and phone, sent. */
  async register(person: Pick<RosterEmployee, 'register' | 'phone'>) {
    await expectVisible(this.heading('register.title'));
    await this.registerChangeRegister(splitRegister(person.register));
    await this.registerChangePhone(person.phone);
    await this.registerSubmit();
  }

  /** The code the phone got, confirmed. */
  async confirmCode(person: Pick<RosterEmployee, 'phone'>) {
    await this.codeStep.enterCode(await new Phone(e2e.baseUrl, person.phone).latestCode());
  }

  /** Welcome → register → the code from the phone → the first incomplete step. */
  async confirmPhone(person: Pick<RosterEmployee, 'register' | 'phone'>) {
    await this.welcomeStart();
    await expectPath(this.page, '/ot/register');
    await this.register(person);
    await expectPath(this.page, '/ot/register/confirm');
    await this.confirmCode(person);
  }

  async insurer(email = 'worker@example.com', address = 'Өмнөговь, Ханбогд сум') {
    await expectPath(this.page, '/ot/register/insurer');
    await this.insurerChange('email', email);
    await this.insurerChange('address', address);
    await this.insurerSubmit();
    await expectPath(this.page, '/ot/register/beneficiaries');
  }

  /** Beneficiary `number` (from 1, as the page names them) filled in. */
  async fillBeneficiary(number: number, values: Beneficiary) {
    const index = number - 1;
    await this.beneficiaryChange(index, 'last_name', values.last);
    await this.beneficiaryChange(index, 'first_name', values.first);
    await this.beneficiaryChangeRegister(index, splitRegister(values.register));
    await this.beneficiaryChange(index, 'relationship', values.relationship);
    await this.beneficiaryChange(index, 'share', values.share);
  }

  /** What beneficiary `number`'s field holds. */
  beneficiaryValue(number: number, field: 'first_name' | 'share') {
    return this.beneficiaryField(number - 1, field).inputValue();
  }

  /** A payload, or a file on disk (a big one: the browser reads it from there instead of getting its bytes sent over the protocol). */
  async upload(slot: MiningImageSlot, file: { name: string; mimeType: string; buffer: Buffer } | string) {
    await this.slot(slot).locator('input[type="file"]').setInputFiles(file);
  }

  async uploadAll() {
    for (const slot of ['idFront', 'idBack', 'selfie'] as const) {
      await this.upload(slot, { name: `${slot}.png`, mimeType: 'image/png', buffer: PNG });
      await expectVisible(this.uploaded(slot));
    }
  }

  async noSidewaysScroll() {
    expect(await scrollWidth(this.page)).toBeLessThanOrEqual(375);
  }
}

const open = async (language: Language, width?: number) => {
  const page = await e2e.openPage({ language, ...(width ? { width } : {}) });
  const wizard = new Registration(page, language);
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
    await wizard.welcomeStart();
    await expectPath(page, '/ot/register');
    await wizard.noSidewaysScroll();
    await wizard.register(person);
    await expectPath(page, '/ot/register/confirm');
    await wizard.noSidewaysScroll();
    await wizard.confirmCode(person);

    // Pre-filled from the roster; birth date and gender from the register number.
    await expectPath(page, '/ot/register/insurer');
    expect(await wizard.insurerField('last_name').inputValue()).toBe(person.last_name);
    expect(await wizard.insurerField('employee_number').inputValue()).toBe(person.employee_number);
    await expectVisible(wizard.text('insurer.male'));
    // The step indicator on a phone: "Алхам 3/6: Таны мэдээлэл", identity and code done.
    const steps = new WizardStepsBar(new UiLanguage(page, 'mn'), 'ot:stepsLabel');
    const names = ['register', 'confirm', 'insurer', 'beneficiaries', 'images', 'result'].map((step) => wizard.t(`steps.${step}`));
    await steps.seeAt(3, names);
    await wizard.noSidewaysScroll();
    await wizard.insurer();

    await wizard.noSidewaysScroll();
    await wizard.fillBeneficiary(1, { ...spouse, share: '60' });
    await wizard.beneficiaryAdd();
    await wizard.fillBeneficiary(2, { last: 'Батбаяр', first: 'Тэмүүлэн', register: 'ОТ15230456', relationship: '5', share: '40' });
    await expectVisible(wizard.text('beneficiaries.total', { total: 100 }));
    await wizard.childAdd();
    await wizard.childChange(0, 'last_name', 'Батбаяр');
    await wizard.childChange(0, 'first_name', 'Тэмүүлэн');
    await wizard.childChangeRegister(0, splitRegister('ОТ15230456'));
    await wizard.noSidewaysScroll();
    await wizard.beneficiariesSubmit();

    await expectPath(page, '/ot/register/images');
    await wizard.uploadAll();
    await wizard.noSidewaysScroll();
    await wizard.imagesSubmit();

    await expectPath(page, '/ot/register/result');
    await expectVisible(wizard.heading('result.title'));
    await steps.seeAt(6, names);
    expect(await wizard.reference.innerText()).toMatch(/^OT-\d{4}-\d{6}$/);
    await expectVisible(wizard.main.getByText(wizard.t('result.beneficiary', { name: 'Батбаяр Тэмүүлэн', share: '40' })));
    await wizard.noSidewaysScroll();

    // A reload on the result still shows it.
    await page.reload();
    await expectVisible(wizard.heading('result.title'));

    // The same person registering again on this device is refused.
    expectRefusals();
    await wizard.registrationRestart();
    await expectPath(page, '/ot/');
    await wizard.welcomeStart();
    await wizard.register(person);
    await expectVisible(wizard.alert.filter({ hasText: text('mn', 'errors:alreadyRegistered') }));
    await expectPath(page, '/ot/register');
  });

  it('refuses shares that do not total 100 % and keeps what was typed', async () => {
    expectRefusals();
    const wizard = await open('en');
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer();
    await wizard.fillBeneficiary(1, { ...spouse, share: '90' });
    await wizard.beneficiariesSubmit();
    await expectVisible(wizard.alert.filter({ hasText: text('en', 'validation:sharesTotal', { total: 90 }) }));
    await expectPath(wizard.page, '/ot/register/beneficiaries');
    expect(await wizard.beneficiaryValue(1, 'first_name')).toBe('Сараа');
  });

  it('moves the focus to the last name of the beneficiary left when one is removed by keyboard', async () => {
    const wizard = await open('en');
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer();
    await wizard.beneficiaryAdd();
    const remove = wizard.main.getByRole('button', { name: wizard.ui.name('beneficiaries:removeFor', { number: 2 }) });
    await remove.focus();
    await wizard.page.keyboard.press('Enter');
    await expectHidden(remove);
    const lastName = wizard.beneficiaryField(0, 'last_name');
    await expect.poll(() => lastName.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('keeps everything after a reload on the beneficiaries step, and a deep link to a later step stays there', async () => {
    const wizard = await open('en');
    const { page } = wizard;
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer('kept@example.com');
    await wizard.fillBeneficiary(1, { ...spouse, share: '70' });
    await wizard.beneficiaryAdd();
    await expect.poll(() => storageItem(page, FLOW_KEY).then((stored) => stored?.includes('"share":"30"')), { timeout: WAIT_MS }).toBe(true);
    await page.reload();
    await expectPath(page, '/ot/register/beneficiaries');
    await expectVisible(wizard.beneficiary(0));
    expect(await wizard.beneficiaryValue(1, 'first_name')).toBe('Сараа');
    expect(await wizard.beneficiaryValue(1, 'share')).toBe('70');
    expect(await wizard.beneficiaryValue(2, 'share')).toBe('30');

    await page.goto('/ot/register/result');
    await expectPath(page, '/ot/register/beneficiaries');
    // Back to the insurer step: what was saved is there.
    await page.goBack();
    await page.goto('/ot/register/insurer');
    await expectPath(page, '/ot/register/insurer');
    expect(await wizard.insurerField('email').inputValue()).toBe('kept@example.com');
  });

  it('continues on another device after the phone is confirmed there', async () => {
    const person = nextPerson();
    const first = await open('en');
    await first.confirmPhone(person);
    await first.insurer('first@example.com');
    await first.fillBeneficiary(1, spouse);
    await first.beneficiariesSubmit();
    await expectPath(first.page, '/ot/register/images');

    // Another browser (a new context: nothing stored), after the resend wait.
    await fetch(`${e2e.baseUrl}/api/dev/codes/age/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: person.phone, seconds: 120 }) });
    const second = await open('en');
    await second.confirmPhone(person);
    await expectPath(second.page, '/ot/register/images');
    await second.page.goto('/ot/register/insurer');
    await expectPath(second.page, '/ot/register/insurer');
    expect(await second.insurerField('email').inputValue()).toBe('first@example.com');
  });

  it('refuses a register number and phone off the roster with one message saying whom to call, then the wait; what was typed stays', async () => {
    expectRefusals();
    const wizard = await open('mn');
    const { page } = wizard;
    const person = nextPerson();
    const registerNumber = wizard.registerGroup.getByRole('textbox');
    const { alert } = wizard;
    await wizard.welcomeStart();
    await wizard.register({ register: person.register, phone: '95009900' });
    await expectVisible(alert.filter({ hasText: exactly(text('mn', 'errors:rosterNoMatch', { contactPhone: contact.phone })) }));
    await expectPath(page, '/ot/register');
    expect(await registerNumber.inputValue()).toBe(person.register.slice(2));
    expect(await wizard.phoneField.inputValue()).toBe('95009900');
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
    await wizard.registerChangePhone(person.phone);
    await wizard.registerSubmit();
    await expectVisible(alert.filter({ hasText: exactly(text('mn', 'errors:tryAgainIn', { minutes: 15 })) }));
    await expectPath(page, '/ot/register');
    expect(await registerNumber.inputValue()).toBe(person.register.slice(2));
    expect(await wizard.phoneField.inputValue()).toBe(person.phone);
  });

  it('refuses a second registration of the same person with the SPEC message', async () => {
    expectRefusals();
    const wizard = await open('mn');
    await wizard.welcomeStart();
    await wizard.register(MINING_ALREADY_REGISTERED);
    await expectVisible(wizard.alert.filter({ hasText: text('mn', 'errors:alreadyRegistered') }));
    await expectPath(wizard.page, '/ot/register');
  });
});

describe('identity images', () => {
  const toImages = async (language: Language) => {
    const wizard = await open(language);
    await wizard.confirmPhone(nextPerson());
    await wizard.insurer();
    await wizard.fillBeneficiary(1, spouse);
    await wizard.beneficiariesSubmit();
    await expectPath(wizard.page, '/ot/register/images');
    return wizard;
  };
  const tokenOf = async (page: Page) => JSON.parse((await storageItem(page, FLOW_KEY)) ?? '{}')?.snapshot?.context?.token as string;

  it('refuses an image over 10 MB in the browser and loses nothing else', async () => {
    const wizard = await toImages('en');
    await wizard.upload('idFront', { name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await expectVisible(wizard.uploaded('idFront'));
    const uploads: string[] = [];
    wizard.page.on('request', (request) => {
      if (request.url().includes('/api/uploads')) uploads.push(request.method());
    });
    const big = await fileOnDisk({ name: 'back.png', mimeType: 'image/png', buffer: pngOfSize(10 * 1024 * 1024 + 1) });
    onTestFinished(() => rm(big.directory, { recursive: true, force: true }));
    await wizard.upload('idBack', big.path);
    await expectVisible(wizard.slot('idBack').getByText(text('en', 'upload:tooLarge', { mb: 10 })));
    expect(uploads).toEqual([]);
    await expectVisible(wizard.uploaded('idFront'));
    // A reload keeps the image already uploaded (read back from the store for its preview).
    await expect.poll(() => storageItem(wizard.page, FLOW_KEY).then((stored) => stored?.includes('front.png')), { timeout: WAIT_MS }).toBe(true);
    await wizard.page.reload();
    await expectVisible(wizard.uploaded('idFront'));
    await expectVisible(wizard.slot('idFront').getByRole('img'));
    await wizard.page.goto('/ot/register/beneficiaries');
    expect(await wizard.beneficiaryValue(1, 'first_name')).toBe('Сараа');
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
    expect(await wizard.uploaded('selfie').count()).toBe(0);

    // What the server stored before the cut: half of it.
    const token = await tokenOf(page);
    const { rows } = await e2e.db.query<{ id: string }>("select id from uploads where owner = $1 and filename = 'selfie.png'", [`mining:${token.split('.')[0]}`]);
    const id = rows[0]?.id;
    expect(id).toBeTruthy();
    const offset = async () =>
      Number((await fetch(`${e2e.baseUrl}/api/uploads/${id}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', [DRAFT_TOKEN_HEADER]: token } })).headers.get('upload-offset'));
    expect(await offset()).toBe(half);

    await context.setOffline(false);
    await expectVisible(wizard.uploaded('selfie'), 60_000);
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
    await wizard.welcomeStart();
    await expectVisible(wizard.heading('register.title'));
    found.push(...(await violationsOn(page, '/ot/register')));
    const person = nextPerson();
    await wizard.register(person);
    await expectPath(page, '/ot/register/confirm');
    found.push(...(await violationsOn(page, '/ot/register/confirm')));
    await wizard.confirmCode(person);
    await expectPath(page, '/ot/register/insurer');
    found.push(...(await violationsOn(page, '/ot/register/insurer')));
    await wizard.insurer();
    await wizard.fillBeneficiary(1, spouse);
    await wizard.childAdd();
    found.push(...(await violationsOn(page, '/ot/register/beneficiaries')));
    await wizard.childRemove(0);
    await wizard.beneficiariesSubmit();
    await expectPath(page, '/ot/register/images');
    found.push(...(await violationsOn(page, '/ot/register/images (empty)')));
    await wizard.uploadAll();
    found.push(...(await violationsOn(page, '/ot/register/images (uploaded)')));
    await wizard.imagesSubmit();
    await expectPath(page, '/ot/register/result');
    await expectVisible(wizard.heading('result.title'));
    found.push(...(await violationsOn(page, '/ot/register/result')));
    if (found.length > 0) throw new Error(`axe found ${found.length} violation(s):\n${found.join('\n')}`);
  });
});
