ALTER TABLE "fee_payment_lines" ADD COLUMN "late_fee_from_before" date;--> statement-breakpoint
-- The SF/TK number of a committed payment (modules/fees/receipt-no.ts): called as one statement in its own
-- transaction right after the money transaction commits, so the counter row is held only for this call and its
-- commit, not for the whole payment. The payment row is locked first: a twin call for the same payment waits, then
-- finds it numbered and bumps nothing, so every number bumped is used (gapless per company and year).
CREATE OR REPLACE FUNCTION fee_take_receipt_no(p_cmp integer, p_payment integer, p_prefix text, p_year integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  current_no text;
  n integer;
BEGIN
  SELECT receipt_no INTO current_no FROM fee_payments WHERE id = p_payment AND cmp_id = p_cmp FOR UPDATE;
  IF current_no IS NULL OR left(current_no, 1) <> '~' THEN
    RETURN current_no;
  END IF;
  INSERT INTO fee_receipt_seqs (cmp_id, prefix, year, last_no) VALUES (p_cmp, p_prefix, p_year, 1)
  ON CONFLICT (cmp_id, prefix, year) DO UPDATE SET last_no = fee_receipt_seqs.last_no + 1, updated_at = now()
  RETURNING last_no INTO n;
  IF n > 999999 THEN
    RAISE EXCEPTION 'receipt numbers of the year exhausted';
  END IF;
  current_no := p_prefix || p_year::text || lpad(n::text, 6, '0');
  UPDATE fee_payments SET receipt_no = current_no WHERE id = p_payment AND cmp_id = p_cmp;
  UPDATE fee_journal SET receipt_no = current_no WHERE payment_id = p_payment AND cmp_id = p_cmp;
  RETURN current_no;
END
$$;
