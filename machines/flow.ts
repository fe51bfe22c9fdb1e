/**
 * What a wizard machine says to the runner that hosts it (src/flows/use-wizard.ts). A machine never
 * navigates itself: it emits `flow.navigate` and the runner performs it.
 */

/** Leave the wizard: to an app path, or to a path on the API's host when `external` (the bank's card page). */
export interface FlowNavigate {
  type: 'flow.navigate';
  to: string;
  replace?: boolean;
  external?: boolean;
  /** Data for the next flow, written before leaving (src/flows/hand-off.ts). */
  handOff?: { name: string; data: unknown };
}

/**
 * What the runner sends to move the wizard to a routable step the browser's location names (a link,
 * back, forward): xstate's route event, with the location's parameters — the step's `:name` segments
 * and its `meta.query` ones — for a machine whose step reads them (the /fee flow's `?access=`).
 */
export interface FlowRoute {
  type: 'xstate.route';
  to: string;
  params?: Record<string, string>;
}

/** The hand-off the purchase wizard leaves for the payment status pages. */
export const PURCHASE_HAND_OFF = 'purchase';

export interface PurchaseHandOff {
  applicationId: string;
  /** The draft's access key (X-Application-Key); null when a signed-in owner bought it. */
  applicationKey: string | null;
}
