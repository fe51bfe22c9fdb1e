-- Issue 9: money and identity, abuse. One file for the whole issue (server/db/migrate.ts).

-- (item 3) The phone typed in an online purchase stays with the policy; it never becomes a customer
-- record (partners). A visitor's policy is linked to an account only when this phone is the one the
-- account confirmed by code.
alter table policies add column insured_phone text;
update policies p set insured_phone = a.insured->>'phone'
  from applications a where a.id = p.application_id and p.insured_phone is null;
create index policies_insured_register_phone_idx on policies (insured_register, insured_phone);

-- (item 4) Seeding is idempotent by unique keys: the home page's boxes are keyed by their place.
delete from home_boxes a using home_boxes b where a.sort_order = b.sort_order and a.id > b.id;
create unique index home_boxes_sort_order_key on home_boxes (sort_order);
