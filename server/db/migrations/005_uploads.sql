-- The resumable upload store (server/uploads/, docs/api.md "Uploads"): one row per tus upload, so
-- every replica knows who owns an upload, how far it got and whether a feature has claimed it. The
-- bytes live in the data store (files under DATA_DIR/uploads, or S3), under the same random id.
create table uploads (
  id text primary key,
  -- Who may continue, read and delete it: 'user:<id>' (a signed-in customer), 'mining:<draft id>', …
  owner text not null,
  kind text not null check (kind in ('image', 'document')),
  -- Shown back to the user only; never used to decide the type.
  filename text not null default '',
  -- The length announced at creation (Upload-Length), at most the kind's limit.
  size bigint not null check (size >= 0),
  -- The type found in the first bytes; null until they have arrived.
  mime text,
  completed_at timestamptz,
  -- Set when a feature attached it to its record (claimUploads); unclaimed uploads are swept after 24 h.
  claimed_at timestamptz,
  -- Set by deleteUploadsOf: hidden at once, the file and the row go with the next sweep.
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index uploads_owner_idx on uploads (owner);
create index uploads_sweep_idx on uploads (created_at) where claimed_at is null or deleted_at is not null;
