-- Credit Med request (issue 13): the request draft, one per user, on the server from its first step so
-- another device (or a reload) continues at the same step. Each step is a jsonb column, null until
-- stored; `submitted_at` is set when the submit made the contract (credit_med_contracts.request_id).
create table credit_med_requests (
  id text primary key,
  user_id integer not null unique references users (id) on delete cascade,
  personal jsonb,
  family jsonb,
  images jsonb,
  declarations jsonb,
  submitted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Signing the contract confirms the phone with a code of its own purpose.
alter table verification_codes drop constraint if exists verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'reset_password', 'mining', 'credit_med_sign'));
