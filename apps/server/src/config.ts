import path from "node:path";
import { DEFAULT_REMINDER_HOURS, FEATURE_FLAGS, type FeatureFlag, PAYMENT_PROVIDERS, type PaymentProviderName } from "@clinic/shared";
import { z } from "zod";

/** A comma-separated setting as its trimmed, non-empty items. */
const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const flagList = commaList.pipe(z.array(z.enum(FEATURE_FLAGS)));

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Every environment variable the server reads, parsed once (README.md documents each). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_POSTGRES: bool.default(true),
  DATA_DIR: z.string().default("./data"),
  AUTH_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  IDENTITY_KEEP_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  TRUSTED_ORIGINS: commaList.pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))).default([]),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  FEATURE_FLAGS: flagList.default(["clinic"]),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
  UPLOADS_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "Must start with smtp:// or smtps://.")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Never above the upload cap of a game zip (UPLOAD_LIMITS.game, 100 MiB): the stream stops there anyway.
  BUNDLE_MAX_ZIP_MB: z.coerce.number().int().min(1).max(100).default(100),
  BUNDLE_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(4096).default(500),
  BUNDLE_MAX_FILE_MB: z.coerce.number().int().min(1).max(4096).default(250),
  BUNDLE_MAX_FILES: z.coerce.number().int().min(1).max(20_000).default(2000),
  BUNDLE_ACCESS_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  JOBS_WORKER: bool.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_OVERDUE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  MESSAGE_EMAILS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  CRM_EMAILS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(5),
  AUDIT_SEAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  APP_COMMIT: z.string().max(64).optional(),
  REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(DEFAULT_REMINDER_HOURS),
  IMPORT_MAX_MB: z.coerce.number().min(0.1).max(100).default(5),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(50_000).default(5000),
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(200_000).default(20_000),
  PAYMENT_PROVIDER: commaList.pipe(z.array(z.enum(PAYMENT_PROVIDERS)).min(1, "Name manual, stripe, or both.")).default(["manual"]),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "Must be a three-letter currency code such as EUR.")
    .transform((value) => value.toUpperCase())
    .default("EUR"),
  BILLING_TAX_RATE: z.coerce.number().min(0).max(100).default(0),
  BILLING_SELLER_NAME: z.string().default("Therapy Platform"),
  BILLING_SELLER_TAX_ID: z.string().default(""),
  BILLING_SELLER_ADDRESS: z.string().default(""),
  BILLING_SELLER_EMAIL: z.string().default(""),
  BILLING_BANK_DETAILS: z.string().default("Bank transfer details are sent by the platform's billing team on request."),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  BILLING_TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  BILLING_ORDER_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  SHOP_ORDER_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  // Under the usual 30 s a service manager (Kubernetes, systemd) waits before SIGKILL.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  METRICS_TOKEN: z.string().min(16, "Must be at least 16 characters.").optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_CRON: z
    .string()
    .refine((value) => value === "off" || /^\S+( \S+){4}$/.test(value.trim()), 'Must be a cron schedule of five fields (such as "0 3 * * *") or off.')
    .default("0 3 * * *"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  // The messaging chat's WhatsApp Cloud API (issue 41): the Meta app's secret signs every webhook,
  // the verify token answers its handshake, the access token sends. All three, or none.
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(8).optional(),
  WHATSAPP_GRAPH_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com"),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "Must be a Graph API version such as v23.0.")
    .default("v23.0"),
  CHAT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // Web Push (issue 43.4): the contact push services see in every VAPID signature.
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || /^https:\/\/\S+$/.test(value), "Must be a mailto: address or an https:// URL.")
    .optional(),
  // Development and tests only: also send to http:// and local endpoints (a fake push service on this machine).
  PUSH_ALLOW_LOCAL_ENDPOINTS: bool.default(false),
});

/**
 * Settings that were replaced: a deployment still setting one would silently lose what it
 * asked for, so start-up refuses it and names what to set instead.
 */
const RETIRED_VARIABLES: Record<string, string> = {
  LOGIN_MAX_ATTEMPTS: "failed sign-ins are now counted per account (LOGIN_ACCOUNT_MAX_FAILURES) and per address (LOGIN_ADDRESS_MAX_FAILURES).",
  LOGIN_WINDOW_SECONDS: "use LOGIN_LOCK_MINUTES.",
};

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Origins whose state-changing requests are accepted besides the request's own: PUBLIC_URL's, then TRUSTED_ORIGINS. */
  trustedOrigins: readonly string[];
  /** Unset: the embedded PostgreSQL under `dataDir/postgres` is started. */
  databaseUrl: string | undefined;
  /** False (EMBEDDED_POSTGRES=false, as in the container image): DATABASE_URL is required, nothing embedded ever starts. */
  embeddedPostgres: boolean;
  dataDir: string;
  authSecret: string | undefined;
  /** keepSeconds: how long a node may answer a session's identity from memory (platform/identity-cache.ts); 0: never. */
  session: { idleMinutes: number; maxHours: number; keepSeconds: number };
  /**
   * Failed sign-ins (and second-factor codes) counted per account and per client address;
   * reaching a ceiling locks it for `lockMinutes`, the same span over which failures count.
   */
  login: { accountMaxFailures: number; addressMaxFailures: number; lockMinutes: number };
  defaultFlags: readonly FeatureFlag[];
  trustProxy: boolean;
  logLevel: string;
  /** Secure cookies only when served over https. */
  secureCookies: boolean;
  /** Uploaded bytes: in S3-compatible storage when `s3` is set, else on disk under `dir` (also the staging folder). */
  uploads: { dir: string; s3: S3Settings | null };
  /** Uploaded game bundles: the zip's size, then hard limits while unpacking; how long a play page's address to a bundle lasts. */
  bundles: { maxZipBytes: number; maxUnpackedBytes: number; maxFileBytes: number; maxFiles: number; accessMinutes: number };
  /** Email: sent over SMTP when `smtpUrl` is set, else kept in the outbox (mail_messages) for admins to read. */
  /** `messagesPerSecond`: the pace of the emails of staff messages (issue 19.2), whatever their number, across every node. */
  /** `crmPerSecond`: the pace of the CRM's mass email (CRM_EMAILS_PER_SECOND, issue 36.5), in a lane of its own. */
  mail: { smtpUrl: string | undefined; from: string; messagesPerSecond: number; crmPerSecond: number };
  /**
   * pg-boss: whether this node runs workers, how often an idle queue is polled, and how long a
   * due job may wait before the system check calls the queue stalled.
   */
  jobs: { worker: boolean; pollingSeconds: number; overdueMinutes: number };
  /**
   * The audit sequencer (platform/audit-sequencer.ts): how often this node tries to seal the
   * committed audit records into the chain (one node seals at a time); 0: this node never does.
   */
  audit: { sealDelayMs: number };
  /** The source commit of this build, when the deployment says (APP_COMMIT); shown by the system check. */
  commit: string | undefined;
  /** Hours before an appointment its reminder email goes out. */
  reminderHours: number;
  /** User import: the largest file and the most data rows one import reads; exports: the most rows one file holds. */
  imports: { maxBytes: number; maxRows: number };
  exports: { maxRows: number };
  billing: BillingSettings;
  shop: ShopSettings;
  /**
   * On SIGTERM: how long the work in flight (requests, jobs) may take to finish before the node
   * ends it anyway (exit 1). The pool and the job queue end only once it has finished.
   */
  shutdownGraceMs: number;
  /** `/metrics` (Prometheus) answers only a request bearing this token; unset, it is not served. */
  metrics: { token: string | undefined };
  /**
   * Backups (`npm run backup`, and on a schedule): archives are written to `dir`; `cron` (UTC, a
   * pg-boss schedule, so one node takes each) is null when BACKUP_CRON=off; the newest `keep` stay.
   */
  backups: { dir: string; cron: string | null; keep: number };
  /** The WhatsApp Cloud API (null: not configured; the webhook answers 404 and WhatsApp sends fail with the reason). */
  whatsapp: { appSecret: string; verifyToken: string; accessToken: string; graphUrl: string; graphVersion: string } | null;
  /** Days the conversations of a deleted patient are kept before they are deleted (0: at the next daily purge). */
  chatRetentionDays: number;
  /**
   * Web Push: `subject` signs every push (VAPID_SUBJECT, else PUBLIC_URL when https, else a
   * mailto: of its host); `allowLocalEndpoints` lets subscriptions point at http:// loopback and
   * private addresses, for a fake push service in development and tests (never in production:
   * the server would POST wherever a user's browser said).
   */
  push: { subject: string; allowLocalEndpoints: boolean };
}

/** Billing (issue 16): which payment provider, prices' currency and tax, the seller on invoices, grace and trial. */
export interface BillingSettings {
  /** The ways to pay a buyer is offered, the first one preselected (PAYMENT_PROVIDER: manual, stripe or both). */
  providers: PaymentProviderName[];
  /** Set when `providers` holds stripe (start-up refuses it otherwise). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  currency: string;
  /** Tax rate in basis points: 21 % is 2100. */
  taxRateBp: number;
  seller: { name: string; taxId: string; address: string; email: string };
  /** Shown on a manual order: where to transfer. */
  bankDetails: string;
  /** Days a lapsed membership keeps working, with a banner. */
  graceDays: number;
  /** Days a new clinic works before its first membership. */
  trialDays: number;
  /** Days a pending order waits for its payment before it expires. */
  orderDays: number;
}

/** The shop (issue 20): how long an unpaid order holds its stock before it is cancelled and the stock released. */
export interface ShopSettings {
  holdHours: number;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` (as .env templates write it) means unset; only for FEATURE_FLAGS is an empty list a value.
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== undefined && (value !== "" || name === "FEATURE_FLAGS")));
  const parsed = envSchema.safeParse(given);
  const retired = Object.entries(RETIRED_VARIABLES).filter(([name]) => given[name] !== undefined);
  if (!parsed.success || retired.length > 0) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)),
      ...retired.map(([name, replacement]) => `  ${name}: no longer read; ${replacement}`),
    ];
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const providers = [...new Set(e.PAYMENT_PROVIDER)];
  const whatsApp = [e.WHATSAPP_APP_SECRET, e.WHATSAPP_VERIFY_TOKEN, e.WHATSAPP_ACCESS_TOKEN].filter((value) => value !== undefined).length;
  if (whatsApp !== 0 && whatsApp !== 3) {
    throw new Error("Invalid environment:\n  WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and WHATSAPP_ACCESS_TOKEN: set all three, or none.");
  }
  if (providers.includes("stripe") && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error("Invalid environment:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.");
  }
  if (!e.EMBEDDED_POSTGRES && !e.DATABASE_URL) {
    throw new Error("Invalid environment:\n  DATABASE_URL: required when EMBEDDED_POSTGRES=false (no embedded database is started).");
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...e.TRUSTED_ORIGINS])],
    databaseUrl: e.DATABASE_URL,
    embeddedPostgres: e.EMBEDDED_POSTGRES,
    dataDir: e.DATA_DIR,
    authSecret: e.AUTH_SECRET,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS, keepSeconds: e.IDENTITY_KEEP_SECONDS },
    login: { accountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES, addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES, lockMinutes: e.LOGIN_LOCK_MINUTES },
    defaultFlags: e.FEATURE_FLAGS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    secureCookies: publicUrl.startsWith("https://"),
    uploads: {
      dir: e.UPLOADS_DIR ?? path.join(e.DATA_DIR, "uploads"),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    },
    bundles: {
      maxZipBytes: e.BUNDLE_MAX_ZIP_MB * 1024 * 1024,
      maxUnpackedBytes: e.BUNDLE_MAX_UNPACKED_MB * 1024 * 1024,
      maxFileBytes: e.BUNDLE_MAX_FILE_MB * 1024 * 1024,
      maxFiles: e.BUNDLE_MAX_FILES,
      accessMinutes: e.BUNDLE_ACCESS_MINUTES,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Therapy platform <no-reply@${new URL(publicUrl).hostname}>`,
      messagesPerSecond: e.MESSAGE_EMAILS_PER_SECOND,
      crmPerSecond: e.CRM_EMAILS_PER_SECOND,
    },
    jobs: { worker: e.JOBS_WORKER, pollingSeconds: e.JOBS_POLL_SECONDS, overdueMinutes: e.JOBS_OVERDUE_MINUTES },
    audit: { sealDelayMs: e.AUDIT_SEAL_DELAY_MS },
    commit: e.APP_COMMIT,
    reminderHours: e.REMINDER_HOURS,
    imports: { maxBytes: Math.round(e.IMPORT_MAX_MB * 1024 * 1024), maxRows: e.IMPORT_MAX_ROWS },
    exports: { maxRows: e.EXPORT_MAX_ROWS },
    billing: {
      providers,
      stripe:
        providers.includes("stripe") && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : null,
      currency: e.BILLING_CURRENCY,
      taxRateBp: Math.round(e.BILLING_TAX_RATE * 100),
      seller: { name: e.BILLING_SELLER_NAME, taxId: e.BILLING_SELLER_TAX_ID, address: e.BILLING_SELLER_ADDRESS, email: e.BILLING_SELLER_EMAIL },
      bankDetails: e.BILLING_BANK_DETAILS,
      graceDays: e.BILLING_GRACE_DAYS,
      trialDays: e.BILLING_TRIAL_DAYS,
      orderDays: e.BILLING_ORDER_DAYS,
    },
    shop: { holdHours: e.SHOP_ORDER_HOLD_HOURS },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metrics: { token: e.METRICS_TOKEN },
    backups: { dir: e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups"), cron: e.BACKUP_CRON === "off" ? null : e.BACKUP_CRON.trim(), keep: e.BACKUP_KEEP },
    whatsapp:
      e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN && e.WHATSAPP_ACCESS_TOKEN
        ? {
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ""),
            graphVersion: e.WHATSAPP_GRAPH_VERSION,
          }
        : null,
    chatRetentionDays: e.CHAT_RETENTION_DAYS,
    push: {
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith("https://") ? new URL(publicUrl).origin : `mailto:no-reply@${new URL(publicUrl).hostname}`),
      allowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
    },
  };
}
