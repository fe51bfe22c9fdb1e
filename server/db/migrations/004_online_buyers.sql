-- A person insured through an online purchase becomes one of the insurer's customer records
-- (partners), so they can register online with their register number and the phone they gave, and
-- their policy is theirs like one sold at a branch. Ids above the core system's range.
create sequence partner_id_seq start 900001;
