CREATE TABLE "fee_journal_months" (
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"bill_month" varchar(7) NOT NULL,
	"due_date" date NOT NULL,
	"event_month" varchar(7) NOT NULL,
	"event_type" smallint NOT NULL,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_journal_months_pk" PRIMARY KEY("cmp_id","community_id","building_id","item_id","bill_month","due_date","event_month","event_type")
);
--> statement-breakpoint
CREATE TABLE "fee_journal_seals" (
	"cmp_id" integer PRIMARY KEY NOT NULL,
	"sealed_month" varchar(7) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fee_journal_months_event_idx" ON "fee_journal_months" USING btree ("cmp_id","event_month");--> statement-breakpoint
-- The journal's rows of a company's sealed months (fee_journal_seals), summed into fee_journal_months in the statement
-- that writes them, set-based. Rows of the open months are left to the seal: no payment locks a rollup row.
CREATE FUNCTION "fee_journal_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO fee_journal_months AS m (cmp_id, community_id, building_id, item_id, bill_month, due_date,
        event_month, event_type, amount_money, discount_money, paid_money, late_fee_money, row_count)
      SELECT cmp_id, community_id, building_id, item_id, bill_month, due_date, em, event_type, a, d, p, l, k FROM (
        SELECT n.cmp_id, n.community_id, coalesce(n.building_id, 0) AS building_id, n.item_id, n.bill_month,
            n.due_date, to_char(n.event_time AT TIME ZONE c.time_zone, 'YYYY-MM') AS em, n.event_type,
            sum(n.amount_money) AS a, sum(n.discount_money) AS d, sum(n.paid_money) AS p, sum(n.late_fee_money) AS l,
            count(*)::int AS k, min(s.sealed_month) AS sealed
          FROM new_rows n JOIN companies c ON c.id = n.cmp_id JOIN fee_journal_seals s ON s.cmp_id = n.cmp_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) x
        WHERE x.em <= x.sealed
        ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (cmp_id, community_id, building_id, item_id, bill_month, due_date, event_month, event_type)
      DO UPDATE SET amount_money = m.amount_money + excluded.amount_money,
        discount_money = m.discount_money + excluded.discount_money, paid_money = m.paid_money + excluded.paid_money,
        late_fee_money = m.late_fee_money + excluded.late_fee_money, row_count = m.row_count + excluded.row_count;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO fee_journal_months AS m (cmp_id, community_id, building_id, item_id, bill_month, due_date,
        event_month, event_type, amount_money, discount_money, paid_money, late_fee_money, row_count)
      SELECT cmp_id, community_id, building_id, item_id, bill_month, due_date, em, event_type, a, d, p, l, k FROM (
        SELECT o.cmp_id, o.community_id, coalesce(o.building_id, 0) AS building_id, o.item_id, o.bill_month,
            o.due_date, to_char(o.event_time AT TIME ZONE c.time_zone, 'YYYY-MM') AS em, o.event_type,
            -sum(o.amount_money) AS a, -sum(o.discount_money) AS d, -sum(o.paid_money) AS p,
            -sum(o.late_fee_money) AS l, -count(*)::int AS k, min(s.sealed_month) AS sealed
          FROM old_rows o JOIN companies c ON c.id = o.cmp_id JOIN fee_journal_seals s ON s.cmp_id = o.cmp_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) x
        WHERE x.em <= x.sealed
        ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (cmp_id, community_id, building_id, item_id, bill_month, due_date, event_month, event_type)
      DO UPDATE SET amount_money = m.amount_money + excluded.amount_money,
        discount_money = m.discount_money + excluded.discount_money, paid_money = m.paid_money + excluded.paid_money,
        late_fee_money = m.late_fee_money + excluded.late_fee_money, row_count = m.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_journal_months_ins" AFTER INSERT ON "fee_journal" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fee_journal_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "fee_journal_months_upd" AFTER UPDATE ON "fee_journal"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fee_journal_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "fee_journal_months_del" AFTER DELETE ON "fee_journal" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fee_journal_months_apply"();
--> statement-breakpoint
-- Seals a company's months up to `through` (YYYY-MM, a closed month): sums the months after its last seal and moves
-- the seal, while writes to the journal wait (share row exclusive: reads go on), so no row is summed twice or missed.
-- `rebuild` sums every month again (a changed time zone). Answers the months sealed now.
CREATE FUNCTION "fee_journal_seal"(company int, through text, rebuild boolean DEFAULT false) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  since text;
  tz text;
  sealed int;
BEGIN
  LOCK TABLE fee_journal IN SHARE ROW EXCLUSIVE MODE;
  SELECT time_zone INTO tz FROM companies WHERE id = company;
  IF tz IS NULL THEN RETURN 0; END IF;
  SELECT sealed_month INTO since FROM fee_journal_seals WHERE cmp_id = company FOR UPDATE;
  IF rebuild THEN
    through := greatest(coalesce(since, through), through);
    since := NULL;
    DELETE FROM fee_journal_months WHERE cmp_id = company;
  END IF;
  IF since IS NOT NULL AND since >= through THEN RETURN 0; END IF;
  INSERT INTO fee_journal_months (cmp_id, community_id, building_id, item_id, bill_month, due_date, event_month,
      event_type, amount_money, discount_money, paid_money, late_fee_money, row_count)
    SELECT * FROM (
      SELECT j.cmp_id, j.community_id, coalesce(j.building_id, 0) AS building_id, j.item_id, j.bill_month, j.due_date,
          to_char(j.event_time AT TIME ZONE tz, 'YYYY-MM') AS em, j.event_type, sum(j.amount_money),
          sum(j.discount_money), sum(j.paid_money), sum(j.late_fee_money), count(*)::int
        FROM fee_journal j WHERE j.cmp_id = company
          AND (since IS NULL OR j.event_time >= ((since || '-01')::date + interval '1 month')::timestamp AT TIME ZONE tz)
          AND j.event_time < ((through || '-01')::date + interval '1 month')::timestamp AT TIME ZONE tz
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) x;
  GET DIAGNOSTICS sealed = ROW_COUNT;
  INSERT INTO fee_journal_seals (cmp_id, sealed_month, updated_at) VALUES (company, through, now())
    ON CONFLICT (cmp_id) DO UPDATE SET sealed_month = excluded.sealed_month, updated_at = excluded.updated_at;
  RETURN sealed;
END $$;
--> statement-breakpoint
-- Posting months are the company's: a company that changes its time zone has its sealed months summed again.
CREATE FUNCTION "fee_journal_months_rezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM fee_journal_seals WHERE cmp_id = NEW.id) THEN
    PERFORM fee_journal_seal(NEW.id, (SELECT sealed_month FROM fee_journal_seals WHERE cmp_id = NEW.id), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_journal_months_tz" AFTER UPDATE OF time_zone ON "companies"
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION "fee_journal_months_rezone"();
