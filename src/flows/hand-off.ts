/**
 * Hand-offs between flows: what one flow leaves for the next when it sends the user on (the purchase
 * wizard leaves the draft's access key for the payment status pages, which the bank's page returns to
 * with only `?invoice=`). Kept in local storage — never in the URL, where it would reach history, logs
 * and Referer headers — and outliving the hand-off on purpose: a reload of the next page still works.
 * The runner writes it (a machine emits `flow.navigate` with `handOff`); the next flow reads it.
 */
const keyOf = (name: string) => `handOff:${name}`;

const storage = () => globalThis.localStorage as Storage | undefined;

export const writeHandOff = (name: string, data: unknown) => {
  try {
    storage()?.setItem(keyOf(name), JSON.stringify(data));
  } catch {
    // Storage full or disabled: the next page falls back to what a signed-in owner can see.
  }
};

/** What the previous flow left under `name`, if it passes `parse` (which returns null for anything else). */
export const readHandOff = <T>(name: string, parse: (value: unknown) => T | null): T | null => {
  try {
    return parse(JSON.parse(storage()?.getItem(keyOf(name)) ?? 'null'));
  } catch {
    return null;
  }
};
