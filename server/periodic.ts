/**
 * Background work run now and every `intervalMs` (the sweeps of expired drafts and uploads): one run
 * at a time, failures logged with `label` and never thrown, the timer not keeping the process alive.
 * The returned function stops the timer and waits for a run in progress.
 */
export const startPeriodic = (label: string, task: () => Promise<unknown>, intervalMs: number): (() => Promise<void>) => {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(task).catch((error: unknown) => console.error(`[${label}] failed:`, error));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
