-- Issue 22 item 5: a policy's fee schedule is written where the policy is made (createPolicy, the demo
-- seed), no longer when a page first reads it or at every start. This gives every policy made before
-- that (and still without one) its schedule, once: the same rows server/fees/schedule.repo.ts
-- `writeSchedule` writes (tests/unit/server-fees.test.ts compares them).
--   * one fee on the start date for 'single'; else one every 12 / payments-a-year months from the start
--     date up to the end date, the day clamped to the month's length (31 Jan + 1 month = 28/29 Feb);
--   * the first floor(paid so far / fee) fees paid and confirmed, each on its due date at 02:00 UTC, or
--     at the last payment when that came earlier (a fee paid before it was due);
--   * a policy without fees (amount 0) has no schedule.
insert into fee_schedule (policy_id, seq, due_date, amount, paid_at, confirmed_at)
select fee.policy_id, fee.k + 1, fee.due_date, fee.fee_amount, fee.paid_at, fee.paid_at
  from (
    select p.id as policy_id, p.fee_amount, p.step, k, (p.start_date + make_interval(months => k * p.step))::date as due_date, p.end_date,
           case when k < p.paid_count then least(((p.start_date + make_interval(months => k * p.step))::date + time '02:00') at time zone 'UTC', p.last_paid) end as paid_at
      from (
        select p.id, p.start_date, p.end_date, p.fee_amount,
               case p.fee_frequency when 'monthly' then 1 when 'quarterly' then 3 when 'semiannual' then 6 when 'annual' then 12 else 0 end as step,
               floor(coalesce((select sum(pp.amount) from policy_payments pp where pp.policy_id = p.id), 0) / p.fee_amount)::int as paid_count,
               coalesce((select max(pp.paid_at) from policy_payments pp where pp.policy_id = p.id), now()) as last_paid
          from policies p
         where p.fee_amount > 0
           and not exists (select 1 from fee_schedule s where s.policy_id = p.id)
      ) p
      -- k = 0 only for 'single' (step 0); otherwise up to the months between start and end.
      cross join lateral generate_series(
        0,
        case when p.step = 0 then 0
             else ((extract(year from p.end_date) - extract(year from p.start_date)) * 12
                   + extract(month from p.end_date) - extract(month from p.start_date))::int / p.step end
      ) as k
  ) fee
 where fee.step = 0 or fee.due_date <= fee.end_date
 order by fee.policy_id, fee.k;
