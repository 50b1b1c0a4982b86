import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("answers the documented defaults for an empty environment", () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:8000",
      trustedOrigins: ["http://localhost:8000"],
      databaseUrl: undefined,
      embeddedPostgres: true,
      dataDir: "./data",
      authSecret: undefined,
      session: { idleMinutes: 60, maxHours: 12, keepSeconds: 30 },
      login: { accountMaxFailures: 5, addressMaxFailures: 100, lockMinutes: 15 },
      defaultFlags: ["clinic"],
      trustProxy: false,
      logLevel: "info",
      secureCookies: false,
      uploads: { dir: "data/uploads", s3: null },
      bundles: { maxZipBytes: 100 * 1024 * 1024, maxUnpackedBytes: 500 * 1024 * 1024, maxFileBytes: 250 * 1024 * 1024, maxFiles: 2000, accessMinutes: 120 },
      imports: { maxBytes: 5 * 1024 * 1024, maxRows: 5000 },
      exports: { maxRows: 20_000 },
      mail: { smtpUrl: undefined, from: "Therapy platform <no-reply@localhost>", messagesPerSecond: 10, crmPerSecond: 5 },
      jobs: { worker: true, pollingSeconds: 2, overdueMinutes: 15 },
      audit: { sealDelayMs: 1000 },
      commit: undefined,
      reminderHours: 24,
      billing: {
        providers: ["manual"],
        stripe: null,
        currency: "EUR",
        taxRateBp: 0,
        seller: { name: "Therapy Platform", taxId: "", address: "", email: "" },
        bankDetails: "Bank transfer details are sent by the platform's billing team on request.",
        graceDays: 7,
        trialDays: 30,
        orderDays: 7,
      },
      shop: { holdHours: 48 },
      shutdownGraceMs: 25_000,
      metrics: { token: undefined },
      backups: { dir: "data/backups", cron: "0 3 * * *", keep: 7 },
      whatsapp: null,
      chatRetentionDays: 30,
      push: { subject: "mailto:no-reply@localhost", allowLocalEndpoints: false },
    });
  });

  it("signs pushes as VAPID_SUBJECT, else the https public address, and allows local push endpoints only when told", () => {
    expect(loadConfig({ VAPID_SUBJECT: "mailto:care@clinic.example" }).push.subject).toBe("mailto:care@clinic.example");
    expect(loadConfig({ PUBLIC_URL: "https://app.clinic.example/base" }).push.subject).toBe("https://app.clinic.example");
    expect(() => loadConfig({ VAPID_SUBJECT: "care@clinic.example" })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_SUBJECT: "http://clinic.example" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: "true" }).push.allowLocalEndpoints).toBe(true);
  });

  it("reads the metrics token, the backup schedule and retention, and refuses what cannot work", () => {
    expect(loadConfig({ METRICS_TOKEN: "a-long-enough-token" }).metrics.token).toBe("a-long-enough-token");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ BACKUP_CRON: "off", BACKUP_KEEP: "30", BACKUP_DIR: "/srv/backups" }).backups).toEqual({ dir: "/srv/backups", cron: null, keep: 30 });
    expect(loadConfig({ BACKUP_CRON: "30 2 * * 0" }).backups.cron).toBe("30 2 * * 0");
    expect(() => loadConfig({ BACKUP_CRON: "daily" })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });

  it("refuses to run without a database when the embedded one is switched off (the container image)", () => {
    expect(() => loadConfig({ EMBEDDED_POSTGRES: "false" })).toThrow(/DATABASE_URL: required when EMBEDDED_POSTGRES=false/);
    expect(loadConfig({ EMBEDDED_POSTGRES: "false", DATABASE_URL: "postgres://app@db:5432/clinic" }).embeddedPostgres).toBe(false);
  });

  it("reads how long a SIGTERM waits for the work in flight, and refuses a negative or unbounded wait", () => {
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "5000" }).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0" }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: "-1" })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: "600001" })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: "soon" })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it("reads how often the audit sequencer seals (0: never on this node), and refuses a negative or unbounded delay", () => {
    expect(loadConfig({ AUDIT_SEAL_DELAY_MS: "250" }).audit.sealDelayMs).toBe(250);
    expect(loadConfig({ AUDIT_SEAL_DELAY_MS: "0" }).audit.sealDelayMs).toBe(0);
    expect(() => loadConfig({ AUDIT_SEAL_DELAY_MS: "-1" })).toThrow(/AUDIT_SEAL_DELAY_MS/);
    expect(() => loadConfig({ AUDIT_SEAL_DELAY_MS: "60001" })).toThrow(/AUDIT_SEAL_DELAY_MS/);
    expect(() => loadConfig({ AUDIT_SEAL_DELAY_MS: "1.5" })).toThrow(/AUDIT_SEAL_DELAY_MS/);
  });

  it("reads the game bundle limits, and refuses a zip limit above the upload cap", () => {
    expect(loadConfig({ BUNDLE_MAX_FILES: "50", BUNDLE_MAX_UNPACKED_MB: "10", BUNDLE_ACCESS_MINUTES: "5" }).bundles).toMatchObject({
      maxFiles: 50,
      maxUnpackedBytes: 10 * 1024 * 1024,
      accessMinutes: 5,
    });
    expect(() => loadConfig({ BUNDLE_MAX_ZIP_MB: "101" })).toThrow(/BUNDLE_MAX_ZIP_MB/);
    expect(() => loadConfig({ BUNDLE_MAX_FILES: "0" })).toThrow(/BUNDLE_MAX_FILES/);
  });

  it("reads the job and reminder settings, and refuses values out of range", () => {
    expect(loadConfig({ JOBS_WORKER: "false", JOBS_POLL_SECONDS: "0.5", JOBS_OVERDUE_MINUTES: "30", REMINDER_HOURS: "48" })).toMatchObject({
      jobs: { worker: false, pollingSeconds: 0.5, overdueMinutes: 30 },
      reminderHours: 48,
    });
    expect(() => loadConfig({ JOBS_OVERDUE_MINUTES: "0" })).toThrow(/JOBS_OVERDUE_MINUTES/);
    expect(() => loadConfig({ REMINDER_HOURS: "0" })).toThrow(/REMINDER_HOURS/);
    expect(() => loadConfig({ JOBS_POLL_SECONDS: "0.1" })).toThrow(/JOBS_POLL_SECONDS/);
    expect(() => loadConfig({ JOBS_WORKER: "maybe" })).toThrow(/JOBS_WORKER/);
  });

  it("sends mail over SMTP_URL from MAIL_FROM at the messages' pace, and refuses an address that is not SMTP or a pace of none", () => {
    expect(
      loadConfig({
        SMTP_URL: "smtps://user:pw@mail.example:465",
        MAIL_FROM: "Clinic <hello@clinic.example>",
        MESSAGE_EMAILS_PER_SECOND: "2.5",
        CRM_EMAILS_PER_SECOND: "1.5",
      }).mail,
    ).toEqual({
      smtpUrl: "smtps://user:pw@mail.example:465",
      from: "Clinic <hello@clinic.example>",
      messagesPerSecond: 2.5,
      crmPerSecond: 1.5,
    });
    expect(() => loadConfig({ MESSAGE_EMAILS_PER_SECOND: "0" })).toThrow(/MESSAGE_EMAILS_PER_SECOND/);
    expect(() => loadConfig({ CRM_EMAILS_PER_SECOND: "0" })).toThrow(/CRM_EMAILS_PER_SECOND/);
    expect(loadConfig({ PUBLIC_URL: "https://clinic.example" }).mail.from).toBe("Therapy platform <no-reply@clinic.example>");
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });

  it("keeps uploads under DATA_DIR unless UPLOADS_DIR is given, and reads the S3 settings", () => {
    expect(loadConfig({ DATA_DIR: "/srv/data" }).uploads).toEqual({ dir: "/srv/data/uploads", s3: null });
    expect(loadConfig({ UPLOADS_DIR: "/mnt/files" }).uploads.dir).toBe("/mnt/files");
    expect(
      loadConfig({
        S3_BUCKET: "media",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).uploads.s3,
    ).toEqual({ bucket: "media", endpoint: "http://127.0.0.1:9000", region: "us-east-1", accessKeyId: "key", secretAccessKey: "secret", forcePathStyle: true });
    expect(() => loadConfig({ S3_BUCKET: "media", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });

  it("reads every variable it is given", () => {
    const config = loadConfig({
      PORT: "9100",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://clinic.example",
      DATABASE_URL: "postgres://user:pw@db.example:5432/clinic",
      DATA_DIR: "/srv/data",
      AUTH_SECRET: "s".repeat(32),
      SESSION_IDLE_MINUTES: "15",
      SESSION_MAX_HOURS: "8",
      IDENTITY_KEEP_SECONDS: "0",
      LOGIN_ACCOUNT_MAX_FAILURES: "3",
      LOGIN_ADDRESS_MAX_FAILURES: "50",
      LOGIN_LOCK_MINUTES: "30",
      TRUSTED_ORIGINS: "https://portal.example, http://192.168.1.20:8000/",
      FEATURE_FLAGS: " clinic, virtual_shop ,,navegacion ",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 9100,
      host: "127.0.0.1",
      publicUrl: "https://clinic.example",
      databaseUrl: "postgres://user:pw@db.example:5432/clinic",
      dataDir: "/srv/data",
      authSecret: "s".repeat(32),
      session: { idleMinutes: 15, maxHours: 8, keepSeconds: 0 },
      login: { accountMaxFailures: 3, addressMaxFailures: 50, lockMinutes: 30 },
      trustedOrigins: ["https://clinic.example", "https://portal.example", "http://192.168.1.20:8000"],
      defaultFlags: ["clinic", "virtual_shop", "navegacion"],
      trustProxy: true,
      logLevel: "warn",
    });
  });

  it("uses secure cookies only behind an https public address", () => {
    expect(loadConfig({ PUBLIC_URL: "https://clinic.example" }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://clinic.example" }).secureCookies).toBe(false);
  });

  it("derives the public address from the port when none is given", () => {
    expect(loadConfig({ PORT: "3001" }).publicUrl).toBe("http://localhost:3001");
  });

  it("lets FEATURE_FLAGS switch every module off", () => {
    expect(loadConfig({ FEATURE_FLAGS: "" }).defaultFlags).toEqual([]);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PUBLIC_URL", "not a url"],
    ["DATABASE_URL", "nope"],
    ["AUTH_SECRET", "too-short"],
    ["SESSION_IDLE_MINUTES", "0"],
    ["SESSION_MAX_HOURS", "1.5"],
    ["LOGIN_ACCOUNT_MAX_FAILURES", "0"],
    ["LOGIN_ADDRESS_MAX_FAILURES", "1.5"],
    ["LOGIN_LOCK_MINUTES", "0"],
    ["TRUSTED_ORIGINS", "https://ok.example,not an origin"],
    ["TRUSTED_ORIGINS", "ftp://files.example"],
    ["FEATURE_FLAGS", "clinic,teleport"],
    ["TRUST_PROXY", "yes"],
    ["LOG_LEVEL", "loud"],
  ])("refuses %s=%j with an error naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment:\\n[\\s\\S]*\\b${name}\\b`));
  });

  it("refuses the retired throttling settings, naming what replaced them", () => {
    expect(() => loadConfig({ LOGIN_MAX_ATTEMPTS: "5" })).toThrow(/LOGIN_MAX_ATTEMPTS: no longer read; .*LOGIN_ACCOUNT_MAX_FAILURES/);
    expect(() => loadConfig({ LOGIN_WINDOW_SECONDS: "300" })).toThrow(/LOGIN_WINDOW_SECONDS: no longer read; use LOGIN_LOCK_MINUTES/);
  });

  it("lists every invalid variable at once", () => {
    let message = "";
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "loud" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it("ignores variables it does not know", () => {
    expect(loadConfig({ SOMETHING_ELSE: "x" }).port).toBe(8000);
  });

  it("reads the billing settings: ways to pay, currency, tax in basis points, grace and trial", () => {
    const defaults = loadConfig({}).billing;
    expect(defaults).toMatchObject({ providers: ["manual"], stripe: null, currency: "EUR", taxRateBp: 0, graceDays: 7, trialDays: 30, orderDays: 7 });
    const both = loadConfig({
      PAYMENT_PROVIDER: "manual, stripe",
      STRIPE_SECRET_KEY: "sk_test_config",
      STRIPE_WEBHOOK_SECRET: "whsec_config",
      BILLING_CURRENCY: "usd",
      BILLING_TAX_RATE: "21.5",
    }).billing;
    expect(both).toMatchObject({ providers: ["manual", "stripe"], currency: "USD", taxRateBp: 2150 });
    expect(both.stripe).toEqual({ secretKey: "sk_test_config", webhookSecret: "whsec_config", apiUrl: undefined });
  });

  it("refuses Stripe without its keys, an unknown way to pay and a currency that is not a code", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(/stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ BILLING_CURRENCY: "euro" })).toThrow(/three-letter currency code/);
  });
});
