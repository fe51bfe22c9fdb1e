-- Each user's unread notifications as a counter (issue 27, live updates): the event streams used to
-- read a count(*) per user per event; now the change that moves the count sends it in its NOTIFY, so
-- delivering an event reads nothing (docs/decisions.md, "Unread counter in the NOTIFY payload").
--
-- Triggers on `notifications` keep the counter for every statement that writes the table (notify.ts,
-- marking read, the retention prune, seeds, bulk inserts, a user's deletion by cascade), set-based:
-- one statement for all the users a statement touched. `version` goes up by one with every change;
-- the NOTIFY on `user_notifications` carries '<user_id>:<unread>:<version>'. The counter row's lock
-- orders concurrent transactions of one user, so versions follow commit order, which is the order
-- NOTIFYs are delivered in; a listener keeps the highest version it has seen (which also makes every
-- payload distinct: PostgreSQL drops a repeated identical payload within one transaction).
-- Counter rows are taken in user id order, so two statements over the same users (two replicas'
-- prune batches, two broadcasts) wait for each other instead of deadlocking on them.

-- Writes to `notifications` wait until this migration commits (a few statements), so no row written by
-- a replica still running the previous version falls between the backfill and the triggers.
lock table notifications in share row exclusive mode;

create table notification_unread (
  user_id integer primary key references users (id) on delete cascade,
  unread integer not null,
  version bigint not null
);

insert into notification_unread (user_id, unread, version)
select user_id, count(*), 1 from notifications where read_at is null group by user_id;

-- New rows: add the unread ones to their users' counters (a row made for them if none yet).
create function notification_unread_inserted() returns trigger language plpgsql as $$
declare
  changed record;
begin
  for changed in
    insert into notification_unread as counter (user_id, unread, version)
    select user_id, count(*), 1 from new_rows where read_at is null group by user_id order by user_id
    on conflict (user_id) do update set unread = counter.unread + excluded.unread, version = counter.version + 1
    returning counter.user_id, counter.unread, counter.version
  loop
    perform pg_notify('user_notifications', changed.user_id || ':' || changed.unread || ':' || changed.version);
  end loop;
  return null;
end $$;

-- Changed or deleted rows: the difference per user, applied one user at a time in user id order. A
-- decrease only updates (a user being deleted may have lost their counter row already, and must not
-- get a new one); an increase (a row marked unread again) makes the row when missing.
create function notification_unread_add(for_user integer, change integer) returns void language plpgsql as $$
declare
  changed record;
begin
  if change > 0 then
    insert into notification_unread as counter (user_id, unread, version) values (for_user, change, 1)
    on conflict (user_id) do update set unread = counter.unread + excluded.unread, version = counter.version + 1
    returning counter.user_id, counter.unread, counter.version into changed;
  else
    update notification_unread as counter set unread = counter.unread + change, version = counter.version + 1
     where counter.user_id = for_user
    returning counter.user_id, counter.unread, counter.version into changed;
    if not found then return; end if;
  end if;
  perform pg_notify('user_notifications', changed.user_id || ':' || changed.unread || ':' || changed.version);
end $$;

create function notification_unread_updated() returns trigger language plpgsql as $$
declare
  delta record;
begin
  for delta in
    select user_id, sum(change)::int as change from (
      select user_id, -1 as change from old_rows where read_at is null
      union all
      select user_id, 1 from new_rows where read_at is null
    ) each_row group by user_id having sum(change) <> 0 order by user_id
  loop
    perform notification_unread_add(delta.user_id, delta.change);
  end loop;
  return null;
end $$;

create function notification_unread_deleted() returns trigger language plpgsql as $$
declare
  delta record;
begin
  for delta in select user_id, -count(*)::int as change from old_rows where read_at is null group by user_id order by user_id loop
    perform notification_unread_add(delta.user_id, delta.change);
  end loop;
  return null;
end $$;

create trigger notification_unread_inserted after insert on notifications
  referencing new table as new_rows for each statement execute function notification_unread_inserted();
create trigger notification_unread_updated after update on notifications
  referencing old table as old_rows new table as new_rows for each statement execute function notification_unread_updated();
create trigger notification_unread_deleted after delete on notifications
  referencing old table as old_rows for each statement execute function notification_unread_deleted();
