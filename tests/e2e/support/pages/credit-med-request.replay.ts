/**
 * The Credit Med request's browser replay (tests/e2e/credit-med-request.model-paths.test.ts): the
 * adapter from the machine's events to the wizard's page object (./credit-med-request.page.ts) and
 * what each state shows; which paths run is the plan in ../replays/credit-med-request.paths.ts.
 *
 * The model's world is cm-new's (its prefill is that seeded user's profile), so every path is cm-new
 * signed in. What a `loadRequest` answer holds is arranged through the API before the held request
 * goes on (the draft emptied, then the model's stored steps saved and, for a submitted request, the
 * submit; identity images uploaded through tus); a signed contract is set in the database. Errors are
 * answered by intercepting the request.
 *
 * One path is also continued on another device: where the request is being submitted (the
 * declarations saved by this page), a second browser context with nothing stored, signed in as
 * cm-new, opens the request and finds it at the declarations step, then each earlier step with what
 * the server holds (the resume from the server draft).
 */
import { expect } from 'vitest';
import type { CmRequest } from '../../../../contract/credit-med-request.schema';
import type { CreditMedRequestContext } from '../../../../machines/credit-med-request.machine';
import { CONTRACT_ID, requestSubmitted } from '../../../machines/credit-med-request.model';
import type { BrowserTests } from '../harness';
import { moveInHistoryTo, routeTarget, type MachineReplay, type ReplayContext } from '../path-replay';
import { creditMedRequestPlan } from '../replays/credit-med-request.paths';
import { exactly } from '../texts';
import { expectHidden, expectPath, expectVisible, WAIT_MS } from '../ui';
import { messageText, shownError } from '../replay-messages';
import { uploadIdentityImages } from '../upload-api';
import { apiAs, sharedAccessToken, type TestUser } from '../users';
import { Phone } from './phone.page';
import { UiLanguage } from './ui-language';
import { CreditMedRequestWizard, type CmChildField, type CmEmergencyField, type CmImageSlot, type CmPersonalField } from './credit-med-request.page';

export const cmNew: TestUser = { email: 'cm-new@example.com', password: 'cmnew1234', name: 'Батсүх Тэмүүжин', creditMedEligible: true };
const CM_NEW_PHONE = '99450011';

interface CmWorld {
  /** The contract the server made for this path's request (the model's is CONTRACT_ID). */
  contractId: number | null;
}
type Context = ReplayContext<CmWorld>;

// ── cm-new's request, through the API ───────────────────────────────────────────────────────────

const tokenOf = (e2e: BrowserTests) => sharedAccessToken(e2e, cmNew);


/** cm-new has no request and no contract (what earlier paths made is gone). */
const forgetRequest = (e2e: BrowserTests) =>
  e2e.db.query(
    `with cm as (select id from users where email = $1),
          contracts as (delete from credit_med_contracts where user_id = (select id from cm))
     delete from credit_med_requests where user_id = (select id from cm)`,
    [cmNew.email],
  );

/** The server holds what the model's `request` says: those steps stored, submitted when it has a contract. */
async function bringTo(context: Context, request: CmRequest) {
  const { e2e, world } = context;
  await forgetRequest(e2e);
  if (request.personal) await apiAs(e2e, cmNew, 'PUT', '/api/credit-med/request/personal/', request.personal);
  if (request.family) await apiAs(e2e, cmNew, 'PUT', '/api/credit-med/request/family/', request.family);
  if (request.images) await apiAs(e2e, cmNew, 'PUT', '/api/credit-med/request/images/', await uploadIdentityImages(e2e.baseUrl, { Authorization: `Bearer ${await tokenOf(e2e)}` }));
  if (request.declarations) await apiAs(e2e, cmNew, 'PUT', '/api/credit-med/request/declarations/', request.declarations);
  world.contractId = request.contract ? (await apiAs<{ contract_id: number }>(e2e, cmNew, 'POST', '/api/credit-med/request/submit/', {})).contract_id : null;
}

// ── what the pages show ────────────────────────────────────────────────────────────────────────

const wizardOf = (context: Context) => new CreditMedRequestWizard(context.ui);
const contextOf = (context: Context) => context.after.context as CreditMedRequestContext;
const value = (locator: { inputValue: () => Promise<string> }) => () => locator.inputValue();

/** The step's notice and field errors, exactly as the model's context has them. */
async function seeNotice(context: Context) {
  const wizard = wizardOf(context);
  const { error, fieldErrors } = contextOf(context);
  if (error) await expectVisible(wizard.alert.filter({ hasText: messageText(context.ui, shownError(context, error)) }).first());
  else if (Object.keys(fieldErrors).length === 0) await expectHidden(wizard.alert);
  for (const message of Object.values(fieldErrors)) await expectVisible(wizard.main.getByText(exactly(messageText(context.ui, message))).first());
}

const seePersonal = async (context: Context) => {
  const wizard = wizardOf(context);
  const { personal } = contextOf(context);
  await expectVisible(wizard.heading('personal.title'));
  await expect.poll(value(wizard.personalField('first_name')), { timeout: WAIT_MS, message: 'first name' }).toBe(personal.first_name);
  await expect.poll(value(wizard.personalField('address')), { timeout: WAIT_MS, message: 'address' }).toBe(personal.address);
};
const seeFamily = async (context: Context) => {
  const wizard = wizardOf(context);
  const { children, emergency } = contextOf(context);
  await expectVisible(wizard.heading('family.title'));
  await expect.poll(() => wizard.children.count(), { timeout: WAIT_MS, message: 'children shown' }).toBe(children.length);
  for (const [index, child] of children.entries()) {
    await expect.poll(value(wizard.childField(index, 'first_name')), { timeout: WAIT_MS, message: `child ${index + 1}` }).toBe(child.first_name);
  }
  await expect.poll(value(wizard.emergencyField('phone')), { timeout: WAIT_MS, message: 'emergency phone' }).toBe(emergency.phone);
};
const seeImages = async (context: Context) => {
  const wizard = wizardOf(context);
  await expectVisible(wizard.heading('images.title'));
  for (const slot of ['idFront', 'idBack', 'selfie'] as const) {
    if (contextOf(context).images[slot]) await expectVisible(wizard.uploaded(slot));
    else await expectHidden(wizard.uploaded(slot));
  }
};
const seeDeclarations = async (context: Context) => {
  const wizard = wizardOf(context);
  const { declarations } = contextOf(context);
  await expectVisible(wizard.heading('declarations.title'));
  await expect.poll(() => wizard.pep.inputValue(), { timeout: WAIT_MS, message: 'pep' }).toBe(declarations.pep === null ? '' : declarations.pep ? 'yes' : 'no');
  await expect.poll(() => wizard.declaration('no_money_laundering').isChecked(), { timeout: WAIT_MS, message: 'no money laundering' }).toBe(declarations.no_money_laundering);
  await expect.poll(() => wizard.declaration('terms').isChecked(), { timeout: WAIT_MS, message: 'terms' }).toBe(declarations.terms);
};
const seeEditing = async (context: Context) => {
  await expectVisible(wizardOf(context).continueButton.or(wizardOf(context).submitRequestButton));
  await seeNotice(context);
};
const seeBusy = (key: string) => async (context: Context) => expectVisible(wizardOf(context).button(key));

/**
 * Another device (a browser context with nothing stored), signed in as cm-new, opens the request: it
 * resumes at the declarations step from the server's draft, and each step before shows what was saved.
 */
async function resumeOnAnotherDevice(context: Context) {
  const page = await context.e2e.openPageOnAnotherDevice({ language: context.ui.current, signedInAs: cmNew });
  try {
    const second = new CreditMedRequestWizard(new UiLanguage(page, context.ui.current));
    const request = await apiAs<CmRequest>(context.e2e, cmNew, 'GET', '/api/credit-med/request/');
    await page.goto('/credit-med/request');
    await expectPath(page, '/credit-med/request');
    // A new context starts cold (its own renderer, nothing cached): its first screen may take longer.
    await expectVisible(second.heading('declarations.title'), 3 * WAIT_MS);
    expect(await second.pep.inputValue()).toBe(request.declarations?.pep ? 'yes' : 'no');
    expect(await second.declaration('terms').isChecked()).toBe(true);
    await second.stepBack();
    await expectVisible(second.heading('images.title'));
    for (const slot of ['idFront', 'idBack', 'selfie'] as const) await expectVisible(second.uploaded(slot));
    await second.stepBack();
    await expectVisible(second.heading('family.title'));
    await expect.poll(value(second.childField(0, 'first_name')), { timeout: WAIT_MS }).toBe(request.family?.children[0]?.first_name);
    await expect.poll(value(second.emergencyField('phone')), { timeout: WAIT_MS }).toBe(request.family?.emergency.phone);
    await second.stepBack();
    await expectVisible(second.heading('personal.title'));
    await expect.poll(value(second.personalField('address')), { timeout: WAIT_MS }).toBe(request.personal?.address);
  } finally {
    await page.context().close();
  }
}

export const creditMedRequestReplay: MachineReplay<CmWorld, typeof creditMedRequestPlan> = {
  plan: creditMedRequestPlan,
  world: () => ({ contractId: null }),
  page: async (e2e) => ({ localStorage: { access: await tokenOf(e2e) } }),

  async start(context) {
    await forgetRequest(context.e2e);
    const { contractId } = context.path.input as { contractId?: number };
    if (contractId === undefined) {
      await context.page.goto('/credit-med/request');
      return;
    }
    // A link to the contract: this request's own (the model's sample id is the contract the server makes).
    await bringTo(context, requestSubmitted);
    await context.page.goto(`/credit-med/request/contract/${context.world.contractId ?? CONTRACT_ID}`);
  },

  params: ({ world, after }) => {
    const id = (after.context as { contractId: number | null }).contractId;
    return { id: id === CONTRACT_ID ? world.contractId : id };
  },

  actors: {
    loadRequest: {
      requests: (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/credit-med/request/',
      arrange: (context, output) => bringTo(context, output as CmRequest),
    },
    savePersonal: { requests: (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/credit-med/request/personal/' },
    saveFamily: { requests: (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/credit-med/request/family/' },
    saveImages: { requests: (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/credit-med/request/images/' },
    saveDeclarations: { requests: (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/credit-med/request/declarations/' },
    submitRequest: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/credit-med/request/submit/',
      answered(context, answers) {
        context.world.contractId = (answers[0]?.body as { contract_id?: number } | undefined)?.contract_id ?? null;
      },
    },
    loadContract: {
      requests: (request) => request.method() === 'GET' && /^\/api\/credit-med\/contracts\/\d+\/$/.test(new URL(request.url()).pathname),
      async arrange(context, output) {
        if ((output as { status: string }).status !== 'signed') return;
        await context.e2e.db.query(`update credit_med_contracts set status = 'signed', signed_at = now(), transaction_password_hash = 'signed-by-the-replay' where id = $1`, [context.world.contractId]);
      },
    },
    startSigning: {
      requests: (request) => request.method() === 'POST' && /^\/api\/credit-med\/contracts\/\d+\/sign\/$/.test(new URL(request.url()).pathname),
      // An earlier path's code to cm-new's phone is made old, so the server's 60 s between two sends is over.
      arrange: (context) => new Phone(context.e2e.baseUrl, CM_NEW_PHONE).passTime(3600),
    },
    codeVerification: {
      // Only "verified" is in the plan: the code the phone got, confirmed.
      async settle(context) {
        await wizardOf(context).codeStep.enterCode(await new Phone(context.e2e.baseUrl, CM_NEW_PHONE).latestCode());
      },
    },
  },

  events: {
    'request.retry': async (context) => wizardOf(context).requestRetry(),
    'personal.change': async (context, event) => wizardOf(context).personalChange(event.field as CmPersonalField, String(event.value)),
    'personal.changeRegister': async (context, event) => wizardOf(context).personalChangeRegister(event.value as never),
    'personal.submit': async (context) => wizardOf(context).personalSubmit(),
    'child.add': async (context) => wizardOf(context).childAdd(),
    'child.remove': async (context, event) => wizardOf(context).childRemove(Number(event.index)),
    'child.change': async (context, event) => wizardOf(context).childChange(Number(event.index), event.field as CmChildField, String(event.value)),
    'child.changeRegister': async (context, event) => wizardOf(context).childChangeRegister(Number(event.index), event.value as never),
    'emergency.change': async (context, event) => wizardOf(context).emergencyChange(event.field as CmEmergencyField, String(event.value)),
    'family.submit': async (context) => wizardOf(context).familySubmit(),
    'image.uploaded': async (context, event) => wizardOf(context).imageUploaded(event.slot as CmImageSlot),
    'image.removed': async (context, event) => wizardOf(context).imageRemoved(event.slot as CmImageSlot),
    'images.submit': async (context) => wizardOf(context).imagesSubmit(),
    'declarations.change': async (context, event) => wizardOf(context).declarationsChange(event.field as 'pep' | 'terms', Boolean(event.value)),
    'declarations.submit': async (context) => wizardOf(context).declarationsSubmit(),
    'step.back': async (context) => wizardOf(context).stepBack(),
    'contract.retry': async (context) => wizardOf(context).contractRetry(),
    'request.open': async (context) => wizardOf(context).requestOpen(),
    // The app refreshes on a language switch.
    'flow.refresh': async (context) => context.ui.toggle(),
    // The app sends it after restoring the stored wizard: a reload.
    'flow.resumed': async (context) => {
      await context.page.reload();
    },
    'sign.accept': async (context, event) => wizardOf(context).signAccept(Boolean(event.value)),
    'sign.change': async (context, event) => wizardOf(context).signChange(event.field as 'password', String(event.value)),
    'sign.submit': async (context) => wizardOf(context).signSubmit(),
    'xstate.snapshot.codeVerification': async (context, event) =>
      wizardOf(context).codeStep.codeField.fill((event.snapshot as { context: { code?: string } }).context.code ?? ''),
    // A link to the request or to a contract: a move through the history.
    'xstate.route': async (context, event) => {
      const id = (event as { params?: { id?: string } }).params?.id;
      const params = routeTarget(context.before, event).id === 'contract' && id !== undefined && Number(id) !== CONTRACT_ID ? { id } : creditMedRequestReplay.params(context);
      await moveInHistoryTo(context, params);
    },
  },

  states: {
    'request.opening.loading': async (context) => expectVisible(wizardOf(context).opening),
    'request.opening.failed': async (context) => {
      await expectVisible(wizardOf(context).button('retry'));
      await seeNotice(context);
    },
    'request.personal': seePersonal,
    'request.family': seeFamily,
    'request.images': seeImages,
    'request.declarations': seeDeclarations,
    'request.personal.editing': seeEditing,
    'request.family.editing': seeEditing,
    'request.images.editing': seeEditing,
    'request.declarations.editing': seeEditing,
    'request.personal.saving': seeBusy('saving'),
    'request.family.saving': seeBusy('saving'),
    'request.images.saving': seeBusy('saving'),
    'request.declarations.saving': seeBusy('declarations.submitting'),
    'request.declarations.submitting': async (context) => {
      await seeBusy('declarations.submitting')(context);
      // The declarations this page saved are on the server: another device resumes there.
      await resumeOnAnotherDevice(context);
    },
    'contract.loading': async (context) => expectVisible(wizardOf(context).contractLoading),
    'contract.failed': async (context) => {
      await expectVisible(wizardOf(context).button('retry'));
      await seeNotice(context);
    },
    'contract.notFound': async (context) => expectVisible(wizardOf(context).button('contract.openOwn')),
    'contract.reading': async (context) => {
      const wizard = wizardOf(context);
      const { sign } = contextOf(context);
      const id = Number(creditMedRequestReplay.params(context).id);
      await expectVisible(wizard.contractHeading(id));
      await expect.poll(() => wizard.acceptBox.isChecked(), { timeout: WAIT_MS, message: 'accepted' }).toBe(sign.accept);
      await expect.poll(value(wizard.signField('password')), { timeout: WAIT_MS, message: 'password' }).toBe(sign.password);
      await seeNotice(context);
    },
    'contract.starting': seeBusy('contract.sending'),
    'contract.confirming': async (context) => {
      const codeStep = wizardOf(context).codeStep;
      await codeStep.waitUntilShown();
      const code = (context.after.context as { verification: { code?: string } | null }).verification?.code ?? '';
      await expect.poll(() => codeStep.codeField.inputValue(), { timeout: WAIT_MS, message: 'the code typed' }).toBe(code);
    },
    signed: async (context) => expectVisible(wizardOf(context).heading('signed.title')),
  },
};
