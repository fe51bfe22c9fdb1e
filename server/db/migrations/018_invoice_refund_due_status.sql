-- Issue 21 (12a): an invoice whose money came in but could not be applied (its subject was paid another
-- way, or it had been replaced or had expired) is no longer 'pending' or 'expired' but 'refund_due', so
-- it cannot be paid again and its payer is told the money goes back. A paid invoice paid a second time
-- stays 'paid' (with refund_due = true). (Numbered 018: 017 is taken on another branch.)
alter table invoices drop constraint invoices_status_check;
alter table invoices add constraint invoices_status_check check (status in ('pending', 'paid', 'failed', 'expired', 'refund_due'));
update invoices set status = 'refund_due', updated_at = now() where refund_due and status <> 'paid';
