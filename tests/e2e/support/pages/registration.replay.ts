/**
 * The registration machine's replay in Chromium (tests/e2e/registration.model-paths.test.ts): its
 * plan's events, actors and states mapped to the register page and the code step.
 *
 * The model stubs the code step (the code-verification child): its results are the child's outputs
 * and one sample of its snapshots. In the browser they come from the real child: "verified" is the
 * code from the phone's outbox confirmed, "gone" is a code confirmed after the verification was
 * replaced by a new registration of the same person, the snapshot is the code typed into the field.
 *
 * The model's details (new@example.com, УЕ95031218, 99001101) are its samples of a valid form: each
 * path that reaches the server types a seeded policyholder of its own instead (codes and resend waits
 * of one path never touch another's), with the same validity.
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PHONE, validDetails } from '../../../machines/registration.model';
import type { Message, RegisterParts } from '../../../../contract/validation';
import { DEMO_POLICYHOLDERS, type DemoPolicyholder } from '../../../../server/account/seed';
import type { BrowserTests } from '../harness';
import { moveInHistoryTo, routeTarget, type MachineReplay, type ReplayContext } from '../path-replay';
import { registrationPlan } from '../replays/registration.paths';
import { AlertModal } from './alert.page';
import { CodeStep } from './code-step.page';
import { Phone } from './phone.page';
import { RegisterPage, type RegisterField } from './register.page';
import type { UiLanguage } from './ui-language';
import { exactly } from '../texts';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';

interface RegistrationWorld {
  /** The policyholder this path registers; null when the path never reaches the server. */
  person: DemoPolicyholder | null;
  email: string;
}

type Context = ReplayContext<RegistrationWorld>;

// ── who registers ──────────────────────────────────────────────────────────────────────────────

const SAMPLE_EMAIL = validDetails[0].value;
const SAMPLE_REGISTER: RegisterParts = validDetails[3].value;

/**
 * Seeded people with a policy; one whose code was confirmed has an account and is not used again.
 * Not the model's sample person: a path that stops while its request is held (details.sending) may
 * still reach the server with the sample's phone afterwards, and that code would start a resend wait
 * for the next path.
 */
const people = DEMO_POLICYHOLDERS.filter((person) => person.productId !== null && person.phone !== PHONE);
const registered = new Set<number>();
let nextPerson = 0;
let nextEmail = 0;

const splitRegister = (register: string): RegisterParts => {
  const [first = '', second = ''] = [...register];
  return { first, second, number: register.slice(2) };
};

/** The next person with no account; their earlier codes are made old, so the server's 60 s wait is over. */
async function personFor(e2e: BrowserTests): Promise<DemoPolicyholder> {
  for (let tries = 0; tries < people.length; tries += 1) {
    const person = people[nextPerson++ % people.length]!;
    if (registered.has(person.partnerId)) continue;
    await new Phone(e2e.baseUrl, person.phone).passTime(3600);
    return person;
  }
  throw new Error('every seeded policyholder is registered already');
}

/** What the page is given for a sample value of the model: the path's own person for the valid samples. */
const realValue = (world: RegistrationWorld, field: string, value: string) => {
  if (field === 'email' && value === SAMPLE_EMAIL) return world.email;
  if (field === 'phone' && value === PHONE && world.person) return world.person.phone;
  return value;
};
const realRegister = (world: RegistrationWorld, value: RegisterParts) =>
  world.person && JSON.stringify(value) === JSON.stringify(SAMPLE_REGISTER) ? splitRegister(world.person.register) : value;

// ── the pages ──────────────────────────────────────────────────────────────────────────────────

const messageText = (ui: UiLanguage, message: Message) => ui.t(message.key.replace('.', ':'), message.values as Record<string, string | number>);

interface ParentContext {
  form: { email: string; password: string; passwordAgain: string; register: RegisterParts; phone: string };
  fieldErrors: Record<string, Message>;
  error: Message | null;
  verification: { code?: string; phone: string } | null;
}
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ParentContext;

/** The details form shows exactly what the model's context holds (passwords forgotten included), its notice and field errors. */
async function seeForm(context: Context) {
  const page = new RegisterPage(context.ui);
  const { form, fieldErrors, error } = contextOf(context.after);
  const { world, ui } = context;
  const value = (locator: Locator) => () => locator.inputValue();
  await expect.poll(value(page.emailField), { timeout: WAIT_MS, message: 'e-mail' }).toBe(realValue(world, 'email', form.email));
  await expect.poll(value(page.passwordField), { timeout: WAIT_MS, message: 'password' }).toBe(form.password);
  await expect.poll(value(page.passwordAgainField), { timeout: WAIT_MS, message: 'password again' }).toBe(form.passwordAgain);
  await expect.poll(value(page.phoneField), { timeout: WAIT_MS, message: 'phone' }).toBe(realValue(world, 'phone', form.phone));
  const register = realRegister(world, form.register);
  await expect.poll(value(page.registerGroup.getByRole('textbox', { name: ui.name('ui:register.number') })), { timeout: WAIT_MS, message: 'register number' }).toBe(register.number);
  if (error) await expectVisible(page.errorAlert.filter({ hasText: messageText(ui, error) }));
  else await expectHidden(page.errorAlert);
  for (const message of Object.values(fieldErrors)) await expectVisible(context.page.getByRole('main').getByText(exactly(messageText(ui, message))).first());
}

export const registrationReplay: MachineReplay<RegistrationWorld, typeof registrationPlan> = {
  plan: registrationPlan,
  world: () => ({ person: null, email: `model-path-${++nextEmail}@example.com` }),

  async start(context) {
    // Only a path the server answers needs a person of its own.
    if (context.path.steps.some((step) => step.event.type === 'xstate.done.actor.startRegistration')) {
      context.world.person = await personFor(context.e2e);
    }
    await context.page.goto('/login/register');
  },

  params: () => ({}),

  actors: {
    startRegistration: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/account/register/',
    },
    codeVerification: {
      async settle(context, event) {
        const { world, e2e, ui } = context;
        const person = world.person;
        if (!person) throw new Error('no person registers on this path');
        const phone = new Phone(e2e.baseUrl, person.phone);
        const codeStep = new CodeStep(ui);
        const outcome = (event.output as { outcome: string }).outcome;
        if (outcome === 'verified') {
          await codeStep.enterCode(await phone.latestCode());
          registered.add(person.partnerId);
          return;
        }
        // Gone: the same person starts registering again elsewhere, which replaces this verification.
        await phone.passTime(3600);
        const restarted = await fetch(`${e2e.baseUrl}/api/account/register/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `replaced-${world.email}`, password: 'secret12', register: person.register, phone: person.phone }),
        });
        if (!restarted.ok) throw new Error(`registering again answered ${restarted.status}`);
        e2e.expectProblem(/status of 422\b/, 'console error');
        await codeStep.enterCode('000000');
      },
    },
  },

  events: {
    'details.change': (context, event) =>
      new RegisterPage(context.ui).detailsChange(event.field as RegisterField, realValue(context.world, String(event.field), String(event.value))),
    'details.changeRegister': (context, event) => new RegisterPage(context.ui).detailsChangeRegister(realRegister(context.world, event.value as RegisterParts)),
    'details.submit': (context) => new RegisterPage(context.ui).detailsSubmit(),
    // The child's progress reaches the parent as its snapshots: the code typed so far (its countdown
    // is the page's own clock).
    'xstate.snapshot.codeVerification': async (context, event) => {
      const code = (event.snapshot as { context: { code?: string } }).context.code ?? '';
      await new CodeStep(context.ui).codeField.fill(code);
    },
    // The app sends it after restoring the persisted code step.
    'flow.resumed': async (context) => {
      await context.page.reload();
    },
    // Back to the form: the code step's "change the details" link; forward to the code step: the history.
    'xstate.route': async (context, event) => {
      const target = routeTarget(context.before, event).id;
      if (target === 'details' && context.before.matches('code')) await new CodeStep(context.ui).changeDetailsLink.click();
      else await moveInHistoryTo(context, {});
    },
  },

  states: {
    details: async (context) => expectVisible(new RegisterPage(context.ui).heading),
    'details.editing': async (context) => {
      await expectVisible(new RegisterPage(context.ui).submitButton);
      await seeForm(context);
    },
    'details.sending': async (context) => expectVisible(new RegisterPage(context.ui).submittingButton),
    code: async (context) => {
      const codeStep = new CodeStep(context.ui);
      const { verification } = contextOf(context.after);
      await codeStep.waitUntilShown();
      await expectVisible(codeStep.leadFor(realValue(context.world, 'phone', verification?.phone ?? '')));
      await expect.poll(() => codeStep.codeField.inputValue(), { timeout: WAIT_MS, message: 'the code typed' }).toBe(verification?.code ?? '');
    },
    // Signed in: the app welcomes the new account on its insurances page.
    done: async (context) => {
      await expectVisible(new AlertModal(context.ui).dialog.getByText(context.ui.t('account:register.welcome'), { exact: true }));
    },
  },

  urls: {
    done: () => '/user/contract',
  },
};
