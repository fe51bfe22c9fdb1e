/** Applications: the server-side drafts of purchases (one per "buy"), their steps and their answer shape. */
import type { Application, ApplicationStep, ContractStep, InsuredStep, PlanStep, Quote } from '../../contract/insurance.schema';
import { APPLICATION_STEPS } from '../../contract/insurance.schema';
import type { UserRow } from '../auth';
import type { Queryable } from '../db/db';

export interface ApplicationRow {
  id: string;
  product_id: number;
  user_id: number | null;
  status: 'draft' | 'paid';
  completed_steps: ApplicationStep[];
  insured: InsuredStep | null;
  plan: PlanStep | null;
  quote: Quote | null;
  contract: ContractStep | null;
  created_at: Date;
  updated_at: Date;
  latest_invoice_id: string | null;
  policy_number: string | null;
}

const SELECT = `
  select a.id, a.product_id, a.user_id, a.status, a.completed_steps, a.insured, a.plan, a.quote, a.contract,
         a.created_at, a.updated_at,
         (select i.id::text from invoices i where i.application_id = a.id order by i.created_at desc, i.id limit 1) as latest_invoice_id,
         (select p.contract_number from policies p where p.application_id = a.id) as policy_number
    from applications a`;

export const readApplication = async (db: Queryable, id: string): Promise<ApplicationRow | undefined> =>
  (await db.query<ApplicationRow>(`${SELECT} where a.id = $1`, [id])).rows[0];

/** Locks the application's row for the rest of the transaction (serializes its writes and payments). */
export const lockApplication = async (tx: Queryable, id: string): Promise<{ status: 'draft' | 'paid' } | undefined> =>
  (await tx.query<{ status: 'draft' | 'paid' }>('select status from applications where id = $1 for update', [id])).rows[0];

export const listDrafts = async (db: Queryable, userId: number): Promise<ApplicationRow[]> =>
  (await db.query<ApplicationRow>(`${SELECT} where a.user_id = $1 and a.status = 'draft' order by a.updated_at desc, a.id`, [userId])).rows;

export const insertApplication = async (tx: Queryable, id: string, productId: number, userId: number | null) => {
  await tx.query('insert into applications (id, product_id, user_id) values ($1, $2, $3)', [id, productId, userId]);
};

/** Adds a step to the completed ones, keeping the wizard's order. */
export const withStep = (steps: readonly ApplicationStep[], step: ApplicationStep): ApplicationStep[] =>
  APPLICATION_STEPS.filter((name) => name === step || steps.includes(name));

export interface StepUpdate {
  insured?: InsuredStep;
  plan?: PlanStep;
  quote?: Quote | null;
  contract?: ContractStep;
  completed_steps: ApplicationStep[];
}

export const updateSteps = async (tx: Queryable, id: string, update: StepUpdate) => {
  const sets: string[] = ['completed_steps = $2', 'updated_at = now()'];
  const params: unknown[] = [id, JSON.stringify(update.completed_steps)];
  for (const column of ['insured', 'plan', 'quote', 'contract'] as const) {
    if (update[column] === undefined) continue;
    params.push(update[column] === null ? null : JSON.stringify(update[column]));
    sets.push(`${column} = $${params.length}`);
  }
  await tx.query(`update applications set ${sets.join(', ')} where id = $1`, params);
};

/**
 * A full name is written the Mongolian way, family name first as on an ID card: "Дорж Бат-Эрдэнэ" →
 * last name "Дорж", first name "Бат-Эрдэнэ" (split at the first space).
 */
export const splitName = (name: string): { first_name: string; last_name: string } => {
  const trimmed = name.trim();
  const at = trimmed.indexOf(' ');
  return at < 0 ? { first_name: trimmed, last_name: '' } : { first_name: trimmed.slice(at + 1), last_name: trimmed.slice(0, at) };
};

export const toApplication = (row: ApplicationRow, owner?: UserRow, accessKey?: string): Application => ({
  id: row.id,
  product_id: row.product_id,
  status: row.status,
  completed_steps: row.completed_steps,
  insured: row.insured,
  plan: row.plan,
  quote: row.quote,
  contract: row.contract,
  prefill:
    owner && row.user_id === owner.id && row.insured === null
      ? { register: owner.register, phone: owner.phone, ...splitName(owner.name), email: owner.email }
      : null,
  latest_invoice_id: row.latest_invoice_id,
  policy_number: row.policy_number,
  ...(accessKey ? { access_key: accessKey } : {}),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The application's pending invoices whose time is up become expired (lazily, when they are read or replaced). */
export const expireApplicationInvoices = async (db: Queryable, applicationId: string) => {
  await db.query(`update invoices set status = 'expired', updated_at = now() where application_id = $1 and status = 'pending' and expires_at <= now()`, [
    applicationId,
  ]);
};

/** Expires the application's open invoice (its amount or provider is no longer wanted). */
export const replaceOpenInvoices = async (db: Queryable, applicationId: string) => {
  await db.query(
    `update invoices set status = 'expired', failure_reason = 'replaced', updated_at = now()
      where application_id = $1 and status = 'pending'`,
    [applicationId],
  );
};

/** Deletes draft applications untouched for `keepDays` (their unpaid invoices go with them); a draft with a provider payment stays. */
export const deleteOldDrafts = async (db: Queryable, keepDays: number) => {
  await db.query(
    `delete from applications a
      where a.status = 'draft' and a.updated_at < now() - $1::int * interval '1 day'
        and not exists (select 1 from invoices i join provider_payments p on p.invoice_id = i.id where i.application_id = a.id)`,
    [keepDays],
  );
};
