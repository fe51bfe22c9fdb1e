-- Keyset pages for the contracts and feedback lists (issue 27), on indexes in each list's order, so a
-- page reads its rows and stops instead of reading and sorting all of the user's rows.
-- Contracts are listed newest first by start date, then id; a user sees the policies of their account
-- and those insuring their register number with their phone: one index for each half. Each replaces
-- the indexes that were its prefixes (look-ups by register number alone use the second one's).
create index policies_user_start_idx on policies (user_id, start_date desc, id desc);
drop index policies_user_id_idx;
create index policies_insured_start_idx on policies (insured_register, insured_phone, start_date desc, id desc);
drop index policies_insured_register_phone_idx;
drop index policies_insured_register_idx;
-- Feedback is listed newest first by when it was sent, then id.
create index feedback_user_created_idx on feedback (user_id, created_at desc, id desc);
drop index feedback_user_idx;
