-- Mining-company employee registration (/ot/, issue 11; docs/decisions.md "Issue 11").
-- Numbered 006 so the upload store's own migration (issue-11-uploads) can take 005.

-- The code step reuses verification_codes with a purpose of its own.
alter table verification_codes drop constraint if exists verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'reset_password', 'mining'));

-- The employer's roster: who may enrol, with the phone the employer has on file.
create table mining_roster (
  register text primary key check (register = upper(register)),
  phone text not null check (phone ~ '^[0-9]{8}$'),
  last_name text not null,
  first_name text not null,
  employee_number text not null unique,
  email text,
  address text
);

-- One draft per person, created when the phone is confirmed; every device that confirms the phone
-- continues the same row. Deleted (with its images) `expires_at` after its last change.
create table mining_drafts (
  id uuid primary key,
  register text not null unique references mining_roster (register),
  phone text not null,
  insurer jsonb,
  beneficiaries jsonb,
  images jsonb,
  submitted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index mining_drafts_expires_idx on mining_drafts (expires_at) where submitted_at is null;

create sequence mining_reference_seq start 1001;

-- A submitted registration. The unique register number is what refuses a second registration of the
-- same person, also when two submits race (the second waits for the first and fails on the index).
create table mining_registrations (
  id uuid primary key,
  register text not null unique references mining_roster (register),
  reference text not null unique,
  draft_id uuid references mining_drafts (id) on delete set null,
  data jsonb not null default '{}',
  submitted_at timestamptz not null default now()
);
