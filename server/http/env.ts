import type { UserRow } from '../auth';

/** Hono's typing of the values middleware hands to handlers. */
export interface AppEnv {
  Variables: {
    /** The signed-in user, set by `requireUser`. */
    user: UserRow;
  };
}
