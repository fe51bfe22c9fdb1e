/**
 * Path model of machines/registration.machine.ts: the details form, then the code step. The code step
 * is the code-verification child (its own model: code-verification.model.ts); here it is a stub whose
 * results are the child's outputs, and whose snapshots (`xstate.snapshot.codeVerification`) carry the
 * step's progress.
 */
import { registrationMachine, type RegistrationContext } from '../../machines/registration.machine.ts';
import type { CodeVerificationInput, CodeVerificationOutput } from '../../machines/code-verification.machine.ts';
import { formErrors, registerBodySchema, type CodeSent } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginEmailSchema, newPasswordSchema, phoneSchema, registerSchema, combineRegister } from '../../contract/validation.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const codeSent: CodeSent = { ticket: 'ticket-1', resend_in: 60, expires_in: 300 };
export const newToken = 'token-of-the-new-account';

export const alreadyRegistered = new ApiError(409, { key: errorKeys.alreadyRegistered });
export const badBody = new ApiError(400, { key: errorKeys.invalidRequest }, { phone: { key: 'validation.phone', values: {} } });
export const childFailed = new Error('the code step failed');

export const confirmed: CodeVerificationOutput = { outcome: 'verified', ticket: codeSent.ticket, access: newToken };
export const gone: CodeVerificationOutput = { outcome: 'gone', error: { key: errorKeys.verificationGone } };

export const PHONE = '99001101';

export const validDetails = [
  { type: 'details.change', field: 'email', value: 'new@example.com' },
  { type: 'details.change', field: 'password', value: 'secret12' },
  { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
  { type: 'details.changeRegister', value: { first: 'У', second: 'Е', number: '95031218' } },
  { type: 'details.change', field: 'phone', value: PHONE },
] as const;

/** Where the code step stood, as its child reports it (the parent reads only the context). */
export const progress: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: 42, code: '12' };
export const childSnapshot = (context: CodeVerificationInput) => ({
  type: 'xstate.snapshot.codeVerification',
  snapshot: { status: 'active', value: { active: { code: 'editing', resend: 'countingDown' } }, context },
});

/** What the code step starts from right after the server's answer. */
export const firstVisit: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: codeSent.resend_in, code: '' };

type Context = RegistrationContext;
const withoutPasswords = (form: Context['form']) => ({ ...form, password: '', passwordAgain: '' });
const shown = (error: unknown) => (error instanceof ApiError ? error.body : { key: errorKeys.generic });
const without = (errors: Context['fieldErrors'], field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

/** The form's errors by the contract: the request body's schema, and the password typed twice. */
export const expectedDetailsErrors = ({ form, verification }: Context) =>
  formErrors(
    registerBodySchema,
    {
      email: form.email,
      password: form.password,
      register: registerSchema.safeParse(`${form.register.first}${form.register.second}${form.register.number}`).data ?? '',
      phone: form.phone,
      ...(verification ? { ticket: verification.ticket } : {}),
    },
    { password: form.password, again: form.passwordAgain, againField: 'passwordAgain' },
  );

export const registrationModel = defineModel({
  machine: registrationMachine,
  events: [
    ...validDetails,
    { type: 'details.change', field: 'email', value: 'not-an-email' },
    { type: 'details.change', field: 'passwordAgain', value: 'other12' },
    { type: 'details.submit' },
    doneEvent('startRegistration', codeSent),
    errorEvent('startRegistration', alreadyRegistered),
    errorEvent('startRegistration', badBody),
    childSnapshot(progress),
    doneEvent('codeVerification', confirmed),
    doneEvent('codeVerification', gone),
    errorEvent('codeVerification', childFailed),
    { type: 'flow.resumed' },
    { type: 'xstate.route', to: '#details' },
    { type: 'xstate.route', to: '#code' },
  ],
  // Each field's validity on the form (isDetailsValid reads them all), the verification (hasTicket)
  // and where its code step stood, and the message on screen.
  flags: (snapshot) => {
    const { context } = snapshot;
    return {
      ...(snapshot.matches('details')
        ? {
            email: loginEmailSchema.safeParse(context.form.email).success,
            password: newPasswordSchema.safeParse(context.form.password).success,
            again: context.form.passwordAgain !== '' && context.form.passwordAgain === context.form.password,
            register: registerSchema.safeParse(combineRegister(context.form.register)).success,
            phone: phoneSchema.safeParse(context.form.phone).success,
          }
        : {}),
      ticket: context.verification !== null,
      secondsLeft: context.verification?.secondsLeft ?? null,
      error: context.error !== null,
    };
  },
  // Every order of filling five fields is its own simple path; those walk the steps instead.
  simplePaths: {
    flags: ({ context }) => ({ ticket: context.verification !== null, error: context.error !== null }),
  },
  oracle: {
    initial: () => ({
      form: { email: '', password: '', passwordAgain: '', register: { first: '', second: '', number: '' }, phone: '' },
      fieldErrors: {},
      error: null,
      verification: null,
    }),
    initialState: () => 'details.editing',
    effects: {
      'details.change': (before: Context, event, from) =>
        from.matches('details.editing')
          ? { form: { ...before.form, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) }
          : {},
      'details.changeRegister': (before: Context, event, from) =>
        from.matches('details.editing') ? { form: { ...before.form, register: event.value }, fieldErrors: without(before.fieldErrors, 'register') } : {},
      'details.submit': (before: Context, _, from) => (from.matches('details.editing') ? { fieldErrors: expectedDetailsErrors(before), error: null } : {}),
      'xstate.done.actor.startRegistration': (before: Context, event) => ({
        verification: { ticket: (event.output as CodeSent).ticket, phone: before.form.phone, secondsLeft: (event.output as CodeSent).resend_in, code: '' },
        form: withoutPasswords(before.form),
        error: null,
        fieldErrors: {},
      }),
      'xstate.error.actor.startRegistration': (_, event) => ({
        error: shown(event.error),
        fieldErrors: event.error instanceof ApiError ? event.error.fields : {},
      }),
      // The code step's progress is kept for a later visit.
      'xstate.snapshot.codeVerification': (_, event, from) =>
        from.matches('code') ? { verification: (event.snapshot as { context: CodeVerificationInput }).context } : {},
      'xstate.done.actor.codeVerification': (_, event) =>
        (event.output as CodeVerificationOutput).outcome === 'gone' ? { verification: null, error: { key: errorKeys.verificationGone } } : {},
      'xstate.error.actor.codeVerification': () => ({ verification: null, error: { key: errorKeys.generic } }),
      // Going forward to the code step forgets the passwords typed meanwhile.
      'xstate.route': (before: Context, event, from) =>
        (event as { to: string }).to === '#code' && before.verification !== null && !from.matches('code') ? { form: withoutPasswords(before.form) } : undefined,
    },
    targets: {
      'details.submit': (before: Context, _, from) =>
        from.matches('details.editing') ? (Object.keys(expectedDetailsErrors(before)).length === 0 ? 'details.sending' : 'details.editing') : undefined,
      'xstate.route': (before: Context, event, from) => {
        const to = (event as { to: string }).to;
        return to === '#code' && before.verification === null ? from.value : to.slice(1);
      },
      'xstate.done.actor.startRegistration': () => 'code',
      'xstate.error.actor.startRegistration': () => 'details.editing',
      'xstate.done.actor.codeVerification': (_, event) => ((event.output as CodeVerificationOutput).outcome === 'verified' ? 'done' : 'details.editing'),
      'xstate.error.actor.codeVerification': () => 'details.editing',
    },
    states: {
      // The code step is persisted: it never holds a password, and always has its verification.
      code: ({ form, verification }, state) => form.password === '' && form.passwordAgain === '' && verification !== null && state.running.includes('codeVerification'),
      done: (_, state) => state.status === 'done',
    },
    sent: {
      codeVerification: ({ verification }) => verification,
      startRegistration: (context) => ({
        email: context.form.email,
        password: context.form.password,
        register: 'УЕ95031218',
        phone: context.form.phone,
        ...(context.verification ? { ticket: context.verification.ticket } : {}),
      }),
    },
    // The new account is signed in exactly when its code is confirmed, with the server's token.
    calls: (_, event) =>
      event.type === 'xstate.done.actor.codeVerification' && (event.output as CodeVerificationOutput).outcome === 'verified'
        ? [{ action: 'signIn', params: { access: newToken } }]
        : [],
  },
});
