/**
 * The code-verification child with one flow's calls: every flow that confirms a phone gives its
 * machine's `codeVerification` actor this (`parentMachine.provide({ actors: { codeVerification:
 * codeVerificationWith({ sendCode, verifyCode }) } })`); the view is ./code-verification-step.tsx.
 */
import { fromPromise } from 'xstate';
import type { CodeSent, ConfirmBody, ResendBody } from '../../contract/account.schema';
import { codeVerificationMachine, type CodeAccepted } from '../../machines/code-verification.machine';

export interface CodeVerificationCalls {
  /** A new code for the ticket (the flow's resend endpoint). */
  sendCode: (body: ResendBody) => Promise<CodeSent>;
  /** Checks the code (the flow's confirm or verify endpoint). */
  verifyCode: (body: ConfirmBody) => Promise<CodeAccepted>;
}

export const codeVerificationWith = ({ sendCode, verifyCode }: CodeVerificationCalls) =>
  codeVerificationMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => sendCode(input)),
      verifyCode: fromPromise(({ input }) => verifyCode(input)),
    },
  });
