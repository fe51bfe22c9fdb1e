-- One counter for the content that changes rarely and is read on every page: the home page, the
-- catalogue and the site settings. Each replica keeps that content in memory (server/http/content-cache.ts)
-- and reads this single row, at most once a second, to know when to drop its copy. The triggers bump it
-- on any change to those tables, whoever makes it (the start-up sync, a migration, an operator's SQL),
-- so no writer can forget to.
create table content_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into content_version (id, version) values (1, 0);

create function bump_content_version() returns trigger language plpgsql as $$
begin
  update content_version set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger products_content_version after insert or update or delete or truncate on products
  for each statement execute function bump_content_version();
create trigger home_boxes_content_version after insert or update or delete or truncate on home_boxes
  for each statement execute function bump_content_version();
create trigger home_content_content_version after insert or update or delete or truncate on home_content
  for each statement execute function bump_content_version();
create trigger site_settings_content_version after insert or update or delete or truncate on site_settings
  for each statement execute function bump_content_version();
