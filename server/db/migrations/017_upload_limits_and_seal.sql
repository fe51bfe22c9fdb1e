-- Uploads attached to something submitted (a sent claim, a submitted Credit Med request or mining
-- registration) are sealed: their owner may still read them but no longer continue (PATCH) or delete
-- them through the store, nor lose them to a draft's clean-up.
alter table uploads add column sealed_at timestamptz;
-- The per-owner cap counts an owner's open (unclaimed, live) uploads at every creation.
create index uploads_open_owner_idx on uploads (owner) where claimed_at is null and deleted_at is null;
