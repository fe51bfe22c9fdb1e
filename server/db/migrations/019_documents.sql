-- Documents a customer keeps (issue 23): one verification code per document — a policy's certificate,
-- a paid invoice's receipt, a claim's summary and its decision letter. The code names the document,
-- never a person; anyone holding it can check on /verify/<code> whether the document is genuine and
-- what it states now. A code can be revoked (then the page says so).
create table document_codes (
  code text primary key,
  kind text not null check (kind in ('certificate', 'receipt', 'claim_summary', 'claim_decision')),
  -- The policy id, invoice id or claim id, as text.
  subject_id text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
-- One live code per document; a revoked one stays (it verifies as revoked) and the next download makes anew.
create unique index document_codes_live_idx on document_codes (kind, subject_id) where revoked_at is null;
