/**
 * The mining registration's browser replay (tests/e2e/mining-registration.model-paths.test.ts): the
 * adapter from the machine's events to the wizard's page object (./mining-registration.page.ts) and
 * what each state shows; which paths run is the plan in ../replays/mining-registration.paths.ts.
 *
 * The model's person (ОТ88051512, 95001201) is its sample of a roster employee: each path that reaches
 * the server registers a roster employee of its own instead (one draft per person on the server, so
 * what one path stored never shows in another's), whose roster e-mail and address are set to the
 * model's sample's, so the forms have the same validity. The draft token comes from
 * the code step's answer; what a `loadDraft` answer holds is arranged with it through the API (the
 * steps saved, images uploaded through tus, the submit). Errors are answered by intercepting the request.
 *
 * One path is also continued on another device: where the registration is being submitted (the images
 * saved by this page), a second browser context with nothing stored confirms the same person's phone
 * and finds the draft at the photos step with the three photos, and the beneficiaries as stored.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { DRAFT_TOKEN_HEADER, type Draft } from '../../../../contract/mining.schema';
import type { RegisterParts } from '../../../../contract/validation';
import type { MiningRegistrationContext } from '../../../../machines/mining-registration.machine';
import { MINING_ALREADY_REGISTERED, MINING_OTHER_PHONE, MINING_ROSTER, type RosterEmployee } from '../../../../server/mining/seed';
import { emptyDraft, PHONE, REGISTER } from '../../../machines/mining-registration.model';
import type { BrowserTests } from '../harness';
import { withoutSentData } from '../page-data';
import { moveInHistoryTo, type MachineReplay, type ReplayContext } from '../path-replay';
import { miningRegistrationPlan } from '../replays/mining-registration.paths';
import { messageText, shownError } from '../replay-messages';
import { exactly } from '../texts';
import { expectHidden, expectPath, expectVisible, WAIT_MS } from '../ui';
import { uploadIdentityImages } from '../upload-api';
import { MiningRegistrationWizard, type BeneficiaryField, type InsurerField, type MiningImageSlot } from './mining-registration.page';
import { Phone } from './phone.page';
import { UiLanguage } from './ui-language';

interface MiningWorld {
  /** The roster employee this path registers; null when the path never reaches the server. */
  person: RosterEmployee | null;
  /** The draft token the code step's answer gave. */
  token: string | null;
}
type Context = ReplayContext<MiningWorld>;

// ── who registers ──────────────────────────────────────────────────────────────────────────────

/** Roster employees with nothing special about them; each path that reaches the server takes the next. */
const people = MINING_ROSTER.filter((person) => ![MINING_ALREADY_REGISTERED.register, MINING_OTHER_PHONE.register, `${REGISTER.first}${REGISTER.second}${REGISTER.number}`].includes(person.register));
let nextPerson = 0;

const splitRegister = (register: string): RegisterParts => ({ first: register.charAt(0), second: register.charAt(1), number: register.slice(2) });
const isSample = (value: RegisterParts) => JSON.stringify(value) === JSON.stringify(REGISTER);
const realRegister = (world: MiningWorld, value: RegisterParts) => (world.person && isSample(value) ? splitRegister(world.person.register) : value);
const realPhone = (world: MiningWorld, value: string) => (world.person && value === PHONE ? world.person.phone : value);

// ── the draft, through the API ─────────────────────────────────────────────────────────────────

async function draftApi<T>(e2e: BrowserTests, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}/api/mining/draft/${path}`, {
    method,
    headers: { [DRAFT_TOKEN_HEADER]: token, 'Content-Type': 'application/json', 'Idempotency-Key': `replay-${randomUUID()}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /api/mining/draft/${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Stores the steps `target` has (the path's person has a new draft), and submits when it is submitted. */
async function bringTo(context: Context, target: Draft) {
  const { e2e, world } = context;
  if (!world.token) throw new Error('no draft token: the path never confirmed a phone');
  if (target.insurer) await draftApi(e2e, world.token, 'PUT', 'insurer/', target.insurer);
  if (target.beneficiaries) await draftApi(e2e, world.token, 'PUT', 'beneficiaries/', target.beneficiaries);
  if (target.images) await draftApi(e2e, world.token, 'PUT', 'images/', await uploadIdentityImages(e2e.baseUrl, { [DRAFT_TOKEN_HEADER]: world.token }));
  if (target.submitted) await draftApi(e2e, world.token, 'POST', 'submit/', {});
}

/** The phone's code, confirmed; answers the draft token the server gave. */
async function confirmCode(page: Page, wizard: MiningRegistrationWizard, e2e: BrowserTests, person: RosterEmployee): Promise<string> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/mining/start/confirm/');
  await wizard.codeStep.enterCode(await new Phone(e2e.baseUrl, person.phone).latestCode());
  return ((await (await answer).json()) as { access: string }).access;
}

// ── what the pages show ────────────────────────────────────────────────────────────────────────

const wizardOf = (context: Context) => new MiningRegistrationWizard(context.ui);
const contextOf = (context: Context) => context.after.context as MiningRegistrationContext;
const value = (locator: { inputValue: () => Promise<string> }) => () => locator.inputValue();

/** The step's notice and field errors, exactly as the model's context has them. */
async function seeNotice(context: Context) {
  const wizard = wizardOf(context);
  const { error, fieldErrors } = contextOf(context);
  if (error) await expectVisible(wizard.main.getByText(messageText(context.ui, shownError(context, error))).first());
  for (const message of Object.values(fieldErrors)) await expectVisible(wizard.main.getByText(exactly(messageText(context.ui, message))).first());
}

const seeBusy = (key: string) => async (context: Context) => expectVisible(wizardOf(context).button(key));
const seeEditing = (key: string) => async (context: Context) => {
  await expectVisible(wizardOf(context).button(key));
  await seeNotice(context);
};

/**
 * Another device (a browser context with nothing stored) confirms the same person's phone: the draft
 * opens at the photos step with the three photos, and its beneficiaries step shows what was stored.
 */
async function resumeOnAnotherDevice(context: Context) {
  const { e2e, world } = context;
  if (!world.person || !world.token) throw new Error('no person registers on this path');
  const stored = await draftApi<Draft>(e2e, world.token, 'GET', '');
  const page = await e2e.openPageOnAnotherDevice({ language: context.ui.current });
  try {
    const second = new MiningRegistrationWizard(new UiLanguage(page, context.ui.current));
    await new Phone(e2e.baseUrl, world.person.phone).passTime(3600);
    await page.goto('/ot/');
    // A new context starts cold (its own renderer, nothing cached): its first screen may take longer.
    await expectVisible(second.button('welcome.start'), 3 * WAIT_MS);
    await second.welcomeStart();
    await expectPath(page, '/ot/register');
    await second.registerChangeRegister(splitRegister(world.person.register));
    await second.registerChangePhone(world.person.phone);
    await second.registerSubmit();
    await second.codeStep.waitUntilShown();
    await confirmCode(page, second, e2e, world.person);
    await expectPath(page, '/ot/register/images');
    for (const slot of ['idFront', 'idBack', 'selfie'] as const) await expectVisible(second.uploaded(slot));
    await second.backLink.click();
    await expectPath(page, '/ot/register/beneficiaries');
    const [beneficiary] = stored.beneficiaries?.beneficiaries ?? [];
    await expect.poll(value(second.beneficiaryField(0, 'first_name')), { timeout: WAIT_MS }).toBe(beneficiary?.first_name);
    await expect.poll(value(second.beneficiaryField(0, 'share')), { timeout: WAIT_MS }).toBe(String(beneficiary?.share));
  } finally {
    await page.context().close();
  }
}

/** The programme is asked for once when the wizard starts (loadProgramme), again after "try again" (reloadProgramme). */
const firstProgrammeRequest = new WeakMap<Page, Request>();
const isProgramme = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/mining/programme/';
const isFirstProgrammeRequest = (request: Request) => {
  const page = request.frame().page();
  if (!firstProgrammeRequest.has(page)) firstProgrammeRequest.set(page, request);
  return firstProgrammeRequest.get(page) === request;
};
const draftRequest = (method: string, step: string) => (request: Request) => request.method() === method && new URL(request.url()).pathname === `/api/mining/draft/${step}`;

export const miningRegistrationReplay: MachineReplay<MiningWorld, typeof miningRegistrationPlan> = {
  plan: miningRegistrationPlan,
  world: () => ({ person: null, token: null }),

  async start(context) {
    // Only a path the server answers needs a person of its own.
    if (context.path.steps.some((step) => step.event.type === 'register.submit')) {
      const person = people[nextPerson++ % people.length]!;
      await new Phone(context.e2e.baseUrl, person.phone).passTime(3600);
      // What the employer told about them is the model's sample (its e-mail and address), so the forms have the model's validity.
      const { email, address } = emptyDraft.roster;
      await context.e2e.db.query('update mining_roster set email = $2, address = $3 where register = $1', [person.register, email, address]);
      context.world.person = person;
    }
    // The programme read is a call the path settles (loadProgramme): the pages come without the
    // programme the server sends with them (server/http/page-data.ts), so the browser asks the API.
    await withoutSentData(context.page);
    await context.page.goto('/ot/');
  },

  params: () => ({}),

  actors: {
    loadProgramme: { requests: (request) => isProgramme(request) && isFirstProgrammeRequest(request) },
    reloadProgramme: { requests: (request) => isProgramme(request) && !isFirstProgrammeRequest(request) },
    startRegistration: { requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/mining/start/' },
    codeVerification: {
      // Only "verified" is in the plan: the code the phone got, confirmed.
      async settle(context) {
        const { world } = context;
        if (!world.person) throw new Error('no person registers on this path');
        world.token = await confirmCode(context.page, wizardOf(context), context.e2e, world.person);
      },
    },
    loadDraft: { requests: draftRequest('GET', ''), arrange: (context, output) => bringTo(context, output as Draft) },
    saveInsurer: { requests: draftRequest('PUT', 'insurer/') },
    saveBeneficiaries: { requests: draftRequest('PUT', 'beneficiaries/') },
    saveImages: { requests: draftRequest('PUT', 'images/') },
    submitRegistration: { requests: draftRequest('POST', 'submit/') },
  },

  events: {
    'programme.retry': async (context) => wizardOf(context).programmeRetry(),
    'welcome.start': async (context) => wizardOf(context).welcomeStart(),
    'register.changeRegister': async (context, event) => wizardOf(context).registerChangeRegister(realRegister(context.world, event.value as RegisterParts)),
    'register.changePhone': async (context, event) => wizardOf(context).registerChangePhone(realPhone(context.world, String(event.value))),
    'register.submit': async (context) => wizardOf(context).registerSubmit(),
    'xstate.snapshot.codeVerification': async (context, event) =>
      wizardOf(context).codeStep.codeField.fill((event.snapshot as { context: { code?: string } }).context.code ?? ''),
    // The app sends it after restoring the stored wizard: a reload.
    'flow.resumed': async (context) => {
      // The reloaded wizard asks for the programme from its start again.
      firstProgrammeRequest.delete(context.page);
      await context.page.reload();
    },
    'draft.retry': async (context) => wizardOf(context).draftRetry(),
    'insurer.change': async (context, event) => wizardOf(context).insurerChange(event.field as InsurerField, String(event.value)),
    'insurer.submit': async (context) => wizardOf(context).insurerSubmit(),
    'beneficiary.add': async (context) => wizardOf(context).beneficiaryAdd(),
    'beneficiary.remove': async (context, event) => wizardOf(context).beneficiaryRemove(Number(event.index)),
    'beneficiary.change': async (context, event) => wizardOf(context).beneficiaryChange(Number(event.index), event.field as BeneficiaryField, String(event.value)),
    'beneficiary.changeRegister': async (context, event) => wizardOf(context).beneficiaryChangeRegister(Number(event.index), event.value as RegisterParts),
    'child.add': async (context) => wizardOf(context).childAdd(),
    'child.remove': async (context, event) => wizardOf(context).childRemove(Number(event.index)),
    'child.change': async (context, event) => wizardOf(context).childChange(Number(event.index), event.field as 'last_name', String(event.value)),
    'child.changeRegister': async (context, event) => wizardOf(context).childChangeRegister(Number(event.index), event.value as RegisterParts),
    'beneficiaries.submit': async (context) => wizardOf(context).beneficiariesSubmit(),
    'image.uploaded': async (context, event) => wizardOf(context).imageUploaded(event.slot as MiningImageSlot),
    'image.removed': async (context, event) => wizardOf(context).imageRemoved(event.slot as MiningImageSlot),
    'images.submit': async (context) => wizardOf(context).imagesSubmit(),
    'registration.restart': async (context) => wizardOf(context).registrationRestart(),
    // A step's link (back, the step indicator) or an address typed: a move through the history.
    'xstate.route': async (context) => moveInHistoryTo(context, {}),
  },

  states: {
    'welcome.loading': async (context) => expectVisible(wizardOf(context).text('welcome.loading')),
    'welcome.reloading': async (context) => expectVisible(wizardOf(context).text('welcome.loading')),
    'welcome.ready': async (context) => expectVisible(wizardOf(context).button('welcome.start')),
    'welcome.failed': async (context) => {
      await expectVisible(wizardOf(context).text('welcome.failed'));
      await expectVisible(wizardOf(context).button('welcome.retry'));
    },
    register: async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.heading('register.title'));
      const { person } = contextOf(context);
      await expect.poll(value(wizard.phoneField), { timeout: WAIT_MS, message: 'phone' }).toBe(realPhone(context.world, person.phone));
    },
    'register.editing': seeEditing('register.submit'),
    'register.sending': seeBusy('register.submitting'),
    confirm: async (context) => {
      const codeStep = wizardOf(context).codeStep;
      await codeStep.waitUntilShown();
      const code = contextOf(context).verification?.code ?? '';
      await expect.poll(() => codeStep.codeField.inputValue(), { timeout: WAIT_MS, message: 'the code typed' }).toBe(code);
    },
    'opening.loading': async (context) => expectVisible(wizardOf(context).text('opening.loading')),
    'opening.failed': async (context) => {
      await expectVisible(wizardOf(context).button('opening.retry'));
      await seeNotice(context);
    },
    insurer: async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.heading('insurer.title'));
      const { email, address } = contextOf(context).insurer;
      await expect.poll(value(wizard.insurerField('email')), { timeout: WAIT_MS, message: 'e-mail' }).toBe(email);
      await expect.poll(value(wizard.insurerField('address')), { timeout: WAIT_MS, message: 'address' }).toBe(address);
    },
    'insurer.editing': seeEditing('continue'),
    'insurer.saving': seeBusy('saving'),
    beneficiaries: async (context) => {
      const wizard = wizardOf(context);
      const { beneficiaries, children } = contextOf(context);
      await expectVisible(wizard.heading('beneficiaries.title'));
      await expect.poll(() => wizard.beneficiaries.count(), { timeout: WAIT_MS, message: 'beneficiaries shown' }).toBe(beneficiaries.length);
      await expect.poll(() => wizard.children.count(), { timeout: WAIT_MS, message: 'children shown' }).toBe(children.length);
      for (const [index, beneficiary] of beneficiaries.entries()) {
        await expect.poll(value(wizard.beneficiaryField(index, 'share')), { timeout: WAIT_MS, message: `share ${index + 1}` }).toBe(beneficiary.share);
      }
    },
    'beneficiaries.editing': seeEditing('continue'),
    'beneficiaries.saving': seeBusy('saving'),
    images: async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.heading('images.title'));
      for (const slot of ['idFront', 'idBack', 'selfie'] as const) {
        if (contextOf(context).images[slot]) await expectVisible(wizard.uploaded(slot));
        else await expectHidden(wizard.uploaded(slot));
      }
    },
    'images.editing': seeEditing('images.submit'),
    'images.saving': seeBusy('images.submitting'),
    'images.submitting': async (context) => {
      await seeBusy('images.submitting')(context);
      // The photos this page saved are on the server: another device resumes there.
      await resumeOnAnotherDevice(context);
    },
    result: async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.heading('result.title'));
      await expect.poll(() => wizard.reference.textContent(), { timeout: WAIT_MS, message: 'reference' }).toMatch(/^OT-\d{4}-\d{6}$/);
    },
  },
};
