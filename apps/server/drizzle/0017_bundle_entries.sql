CREATE TABLE "bundle_entries" (
	"upload_id" uuid NOT NULL,
	"path" varchar(400) NOT NULL,
	"storage_key" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"encoding" varchar(8),
	"size" bigint NOT NULL,
	CONSTRAINT "bundle_entries_upload_id_path_pk" PRIMARY KEY("upload_id","path"),
	CONSTRAINT "bundle_entries_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "bundle_entries" ADD CONSTRAINT "bundle_entries_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;