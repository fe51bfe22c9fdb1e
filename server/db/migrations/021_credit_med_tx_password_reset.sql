-- Resetting the Credit Med transaction password confirms the phone with a code of its own purpose (issue 24).
alter table verification_codes drop constraint if exists verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'reset_password', 'mining', 'credit_med_sign', 'fee', 'credit_med_tx_reset'));
