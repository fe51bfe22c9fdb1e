/**
 * Notifications made by events outside this area, kept here so each caller's edit is one line.
 */
import { routePaths } from '../../contract/paths';
import type { Queryable } from '../db/db';
import { notify } from './notify';

/** A purchase made the application's policy: `policy_issued` with its contract number and the amount paid, linking to it. */
export const notifyPolicyIssued = async (tx: Queryable, userId: number, applicationId: string, amount: number) => {
  const { rows } = await tx.query<{ id: number; contract_number: string }>('select id, contract_number from policies where application_id = $1', [applicationId]);
  const policy = rows[0];
  if (!policy) return;
  await notify(tx, userId, { kind: 'policy_issued', params: { contract_number: policy.contract_number, amount }, link: routePaths.contract.build({ id: policy.id }) });
};
