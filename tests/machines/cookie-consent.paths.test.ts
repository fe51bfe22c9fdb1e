import { describe, expect, it } from 'vitest';
import { cookieConsentModel, storedChoice } from './cookie-consent.model.ts';
import { pathFromEvents, replayPath, type MachinePath } from './path-kit.ts';
import { describePaths, replayAll } from './path-suite.ts';

const takes = (path: MachinePath, type: string) => path.steps.some((step) => step.event.type === type);

const { paths } = describePaths('cookie-consent', cookieConsentModel);

describe('cookie consent behaviour along the paths', () => {
  it('asks on a first visit and does not ask again when a choice is stored', () => {
    for (const path of paths()) {
      const start = path.steps[0]?.snapshot;
      const expected = path.inputLabel === 'first visit' ? 'asking' : 'decided';
      expect(start?.matches({ banner: expected, policy: 'closed' }), path.inputLabel).toBe(true);
    }
    expect(new Set(paths().map((path) => path.inputLabel))).toEqual(new Set(['first visit', 'stored choice']));
  });

  it('stores the checked categories on accept and none on reject all', async () => {
    const accept = pathFromEvents(cookieConsentModel, [
      { type: 'consent.toggle', category: 'marketingAnalytics', value: true },
      { type: 'consent.accept' },
    ]);
    const [accepted] = (await replayPath(cookieConsentModel, accept)).calls;
    expect(accepted?.context).toEqual({ accepted: true, personalInformation: false, marketingAnalytics: true });

    const reject = pathFromEvents(cookieConsentModel, [
      { type: 'consent.toggle', category: 'personalInformation', value: true },
      { type: 'consent.toggle', category: 'marketingAnalytics', value: true },
      { type: 'consent.rejectAll' },
    ]);
    const [rejected] = (await replayPath(cookieConsentModel, reject)).calls;
    expect(rejected?.context).toEqual({ accepted: true, personalInformation: false, marketingAnalytics: false });
  });

  it('stores on every accept and reject along the generated paths', async () => {
    const deciding = paths().filter((path) => takes(path, 'consent.accept') || takes(path, 'consent.rejectAll'));
    expect(deciding.length).toBeGreaterThan(0);
    const replays = await replayAll(cookieConsentModel, deciding);
    expect(replays.every((replay) => replay.calls.some((call) => call.action === 'storeChoice'))).toBe(true);
  });

  it('reopens from settings with the stored checkboxes, and the policy opens over either', async () => {
    const path = pathFromEvents(
      cookieConsentModel,
      [{ type: 'policy.open' }, { type: 'consent.reopen' }, { type: 'policy.close' }],
      'stored choice',
    );
    const replay = await replayPath(cookieConsentModel, path);
    expect(replay.steps[1]?.snapshot.value).toEqual({ banner: 'decided', policy: 'open' });
    expect(replay.steps[2]?.snapshot.value).toEqual({ banner: 'asking', policy: 'open' });
    expect(replay.steps[3]?.snapshot.context).toEqual(storedChoice);
    expect(replay.calls).toEqual([]);
  });
});
