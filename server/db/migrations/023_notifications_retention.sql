-- Notifications are kept for a stated time (docs/decisions.md, "Notification retention"): read ones for
-- one year, any for two. The periodic prune (server/notifications/retention.ts) finds the old rows by
-- this index, a range at its start, instead of reading the whole table (issue 27).
create index notifications_created_idx on notifications (created_at);
