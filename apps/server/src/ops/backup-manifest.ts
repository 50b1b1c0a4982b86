import { z } from "zod";

/**
 * A backup archive (issue 40.1) is one tar file:
 *   database/<table>.copy.gz   each table of the `public` schema, PostgreSQL's COPY text, gzipped
 *   jobs.json.gz               the job queue's queues and the jobs still to run
 *   uploads/<storage key>      every stored upload and game-bundle file the database names
 *   manifest.json              last: versions, row counts and the checksum of every member above
 * The manifest comes last because only then are the checksums known; a restore reads the whole
 * archive and checks every member against it before it writes anything.
 */
export const BACKUP_FORMAT = "therapy-platform-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const JOBS_NAME = "jobs.json.gz";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const member = z.object({ file: z.string().min(1), bytes: z.number().int().nonnegative(), sha256 });

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  postgres: z.object({ serverVersion: z.string() }),
  /** The migrations applied to the database backed up, oldest first: `when` is the journal's key. */
  migrations: z.array(z.object({ tag: z.string(), when: z.number().int() })),
  tables: z.array(member.extend({ name: z.string().min(1), columns: z.array(z.string()).min(1), rows: z.number().int().nonnegative() })),
  /** Sequences' positions, so ids taken after a restore do not collide with restored rows. */
  sequences: z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/) })),
  jobs: member.extend({ queues: z.number().int().nonnegative(), pending: z.number().int().nonnegative() }),
  uploads: z.array(member.extend({ key: z.string(), mime: z.string() })),
  /** Storage keys the database names whose bytes were already gone when the archive was written. */
  missingUploads: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** One queue of pg-boss as createQueue() takes it back, and one job still to run as insert() does. */
export interface BackedUpJobs {
  queues: { name: string; options: Record<string, unknown> }[];
  jobs: { name: string; job: Record<string, unknown> }[];
}

/** Archives written by the schedule and the command: sortable by name, oldest first. */
export const BACKUP_FILE_PATTERN = /^therapy-platform-\d{8}T\d{6}Z\.tar$/;

export function backupFileName(at: Date): string {
  return `therapy-platform-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}.tar`;
}
