CREATE TABLE "archive_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"archive_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" varchar(255) NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"employee_no" varchar(20) NOT NULL,
	"name" varchar(20) NOT NULL,
	"gender" smallint NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"birth_date" date,
	"phone" varchar(11) DEFAULT '' NOT NULL,
	"nation" varchar(20) DEFAULT '' NOT NULL,
	"native_place" varchar(50) DEFAULT '' NOT NULL,
	"education" varchar(10) DEFAULT '' NOT NULL,
	"school" varchar(50) DEFAULT '' NOT NULL,
	"major" varchar(50) DEFAULT '' NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"photo" varchar(255) DEFAULT '' NOT NULL,
	"dpt_id" integer,
	"job_title" varchar(30) DEFAULT '' NOT NULL,
	"entry_date" date NOT NULL,
	"probation_end" date,
	"contract_type" varchar(10) DEFAULT '' NOT NULL,
	"contract_start" date,
	"contract_end" date,
	"emergency_name" varchar(20) DEFAULT '' NOT NULL,
	"emergency_relation" varchar(20) DEFAULT '' NOT NULL,
	"emergency_phone" varchar(20) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"leave_date" date,
	"leave_reason" varchar(200) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_communities" (
	"user_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	CONSTRAINT "user_communities_user_id_community_id_pk" PRIMARY KEY("user_id","community_id")
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"code" varchar(20) DEFAULT '' NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(20) DEFAULT '' NOT NULL,
	"district" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"build_area" numeric(12, 2) DEFAULT '0' NOT NULL,
	"service_phone" varchar(20) DEFAULT '' NOT NULL,
	"manager_user_id" integer,
	"delivery_date" date,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "archive_files" ADD CONSTRAINT "archive_files_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_files" ADD CONSTRAINT "archive_files_archive_id_employee_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."employee_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_archives" ADD CONSTRAINT "employee_archives_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_archives" ADD CONSTRAINT "employee_archives_dpt_id_departments_id_fk" FOREIGN KEY ("dpt_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_archives" ADD CONSTRAINT "employee_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_files_archive_idx" ON "archive_files" USING btree ("archive_id");--> statement-breakpoint
CREATE INDEX "archive_files_cmp_idx" ON "archive_files" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_archives_no_uq" ON "employee_archives" USING btree ("cmp_id","employee_no");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_archives_idcard_live_uq" ON "employee_archives" USING btree ("cmp_id","id_card") WHERE "employee_archives"."status" = 1 and "employee_archives"."id_card" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "employee_archives_user_uq" ON "employee_archives" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employee_archives_dpt_idx" ON "employee_archives" USING btree ("dpt_id");--> statement-breakpoint
CREATE INDEX "employee_archives_contract_idx" ON "employee_archives" USING btree ("cmp_id","contract_end");--> statement-breakpoint
CREATE INDEX "user_communities_community_idx" ON "user_communities" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communities_cmp_name_uq" ON "communities" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE INDEX "communities_manager_idx" ON "communities" USING btree ("manager_user_id");