-- Notifications are listed newest first by when they happened (created_at, then id: a back-dated row
-- is not in id order), but were indexed by (user_id, id desc): every page read and sorted all of the
-- user's rows. This index follows the list's order, so a page reads its rows and stops (issue 27).
create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc);
drop index notifications_user_idx;
