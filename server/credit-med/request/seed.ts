/**
 * Credit Med request-side demo data (issue 13): cm-resume@example.com's request stopped after the
 * images step (its three images are upload rows without files: the page shows their names), and the
 * demo user's signed contract, whose transaction password is `DEMO_TRANSACTION_PASSWORD` (the card
 * side gives the demo user an active card). Idempotent: users with a request or contract are skipped.
 */
import { randomUUID } from 'node:crypto';
import { findUserByEmail } from '../../auth';
import type { Queryable } from '../../db/db';
import { CM_RESUME_USER, DEMO_TRANSACTION_PASSWORD_HASH, DEMO_USER } from '../../db/seed-data';

const IMAGE_NAMES = { idFront: 'id-front.jpg', idBack: 'id-back.jpg', selfie: 'selfie.jpg' } as const;

const requestSteps = (user: { name: string; register: string; phone: string; email: string }) => {
  const [last = '', ...rest] = user.name.split(' ');
  return {
    personal: { last_name: last, first_name: rest.join(' '), register: user.register, phone: user.phone, email: user.email, address: 'Улаанбаатар, Сүхбаатар дүүрэг, 8-р хороо, 12-р байр', gender: 'female' },
    family: { children: [{ last_name: 'Эрдэнэ', first_name: 'Ананд', register: 'ЧИ18050312' }], emergency: { name: 'Эрдэнэ', relation: 'нөхөр', phone: '99450023' } },
  };
};

const seedImages = async (tx: Queryable, owner: string) => {
  const images: Record<string, { id: string; filename: string; size: number; mime: string }> = {};
  for (const [slot, filename] of Object.entries(IMAGE_NAMES)) {
    const id = randomUUID().replace(/-/g, '');
    await tx.query(
      `insert into uploads (id, owner, kind, filename, size, mime, completed_at, claimed_at) values ($1, $2, 'image', $3, 48213, 'image/jpeg', now(), now())`,
      [id, owner, filename],
    );
    images[slot] = { id, filename, size: 48_213, mime: 'image/jpeg' };
  }
  return images;
};

export const seedCreditMedRequests = async (tx: Queryable) => {
  const resume = await findUserByEmail(tx, CM_RESUME_USER.email);
  if (resume && (await tx.query('select 1 from credit_med_requests where user_id = $1', [resume.id])).rows.length === 0) {
    const steps = requestSteps({ ...CM_RESUME_USER });
    const images = await seedImages(tx, `user:${resume.id}`);
    await tx.query(
      `insert into credit_med_requests (id, user_id, personal, family, images) values ($1, $2, $3, $4, $5)`,
      [randomUUID(), resume.id, JSON.stringify(steps.personal), JSON.stringify(steps.family), JSON.stringify(images)],
    );
  }
  const demo = await findUserByEmail(tx, DEMO_USER.email);
  if (demo && (await tx.query('select 1 from credit_med_contracts where user_id = $1', [demo.id])).rows.length === 0) {
    const steps = requestSteps({ ...DEMO_USER, email: DEMO_USER.email });
    const requestId = randomUUID();
    const images = await seedImages(tx, `user:${demo.id}`);
    await tx.query(
      `insert into credit_med_requests (id, user_id, personal, family, images, declarations, submitted_at)
       values ($1, $2, $3, $4, $5, $6, now() - interval '30 days')`,
      [requestId, demo.id, JSON.stringify({ ...steps.personal, gender: 'male' }), JSON.stringify(steps.family), JSON.stringify(images), JSON.stringify({ pep: false, no_money_laundering: true, terms: true })],
    );
    await tx.query(
      `insert into credit_med_contracts (user_id, request_id, status, transaction_password_hash, signed_at, created_at)
       values ($1, $2, 'signed', $3, now() - interval '29 days', now() - interval '30 days')`,
      [demo.id, requestId, DEMO_TRANSACTION_PASSWORD_HASH],
    );
  }
};
