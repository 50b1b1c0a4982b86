import { z } from "zod";
import { SHARED_MESSAGES, type SharedMessage } from "./field-messages.ts";
import { FEATURE_FLAGS } from "./flags.ts";
import { LANGUAGES, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "./constants.ts";
import { PERMISSIONS } from "./permissions.ts";

/**
 * A half of a UTF-16 surrogate pair on its own: no character at all. JSON carries it as an
 * escape (`"\ud800"`), but PostgreSQL's json and jsonb (audit details, mail) refuse it.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A schema's own message outranks zod's global config, so the message itself asks the config
 * first, with the key in `params.sharedMessage`: the web app answers in the interface language
 * (lib/zod-messages.ts), the server (no config) in English.
 */
const sharedError =
  (key: SharedMessage) =>
  (issue: z.core.$ZodRawIssue): string =>
    messageText(z.config().customError?.({ ...issue, params: { ...(issue.params as object | undefined), sharedMessage: key } })) ?? SHARED_MESSAGES[key];

function messageText(answer: { message: string } | string | null | undefined): string | undefined {
  return typeof answer === "string" ? answer : (answer?.message ?? undefined);
}

/** Text PostgreSQL can store: it refuses the NUL character and lone surrogates in JSON, so they are refused here first (400, not 500). */
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes("\u0000"), { error: sharedError("nul") })
    .refine((value) => !LONE_SURROGATE.test(value), { error: sharedError("unicode") });

/** Trimmed, non-empty text with a length cap: the `isText` rule of spec §5. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !value.includes("\u0000"), { error: sharedError("nul") })
    .refine((value) => !LONE_SURROGATE.test(value), { error: sharedError("unicode") });

export const languageSchema = z.enum(LANGUAGES);
/** The shell's themes (spec §9): the secondary one widens the side menu; chosen in Config, kept per user. */
export const THEMES = ["primary", "secondary"] as const;
export const themeSchema = z.enum(THEMES);
export type ThemeName = z.infer<typeof themeSchema>;
export const permissionSchema = z.enum(PERMISSIONS as unknown as [string, ...string[]]);
export const featureFlagSchema = z.enum(FEATURE_FLAGS);

/** A row id as PostgreSQL's integer column holds it; larger numbers are a 400, never a database error. */
export const rowId = () => z.number().int().positive().max(2_147_483_647);
export const rowIdParam = () => z.coerce.number().int().positive().max(2_147_483_647);

/** `?flag=true|false` in a query string: only "true" and "false" are accepted (never a truthy "0"). */
export const queryFlag = () =>
  z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional();

/**
 * A user's id wherever a client names one (path, query or body). Every account gets a random
 * UUID, so anything else names nobody: a 400 with the field's error before any query runs
 * (a NUL byte in an id once reached PostgreSQL and answered 500).
 */
export const userId = () => z.uuid({ error: sharedError("userId") });

/** `/…/:id` where the id is a user's. */
export const idParamSchema = z.object({ id: userId() });
export const userIdParamSchema = z.object({ userId: userId() });

/** Query of every paged list: `page` is 1-based; `rowsPerPage` follows spec §7's naming. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * A page of a list. Totals are counted up to a cap (spec §3's contract stays: `total` is a
 * count): past it `totalCapped` is true and `total` means "at least this many".
 */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number().int(), total: z.number().int(), totalCapped: z.literal(true).optional() });
export type Paged<T> = { data: T[]; page: number; total: number; totalCapped?: true };

/** 400 body: field → messages, plus `detail` for a message not tied to a field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
/** `requestId` on a 500 or 503: the answer's X-Request-Id, which the server's log lines carry as reqId. */
export const errorBodySchema = z
  .object({ detail: z.string().optional(), status: z.number().int().optional(), requestId: z.string().optional() })
  .catchall(z.unknown());

export const userProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  identification: z.string(),
  language: languageSchema,
  /** Always sent by the server; absent reads as "primary" (answers cached before the theme existed). */
  theme: themeSchema.optional(),
  isAdmin: z.boolean(),
  is_active: z.boolean(),
  groups: z.array(z.number().int()),
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  clinicId: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What `GET /api/get-user-profile/` answers: the user-session state of spec §3. */
export const sessionStateSchema = z.object({
  userId: z.string(),
  isAuthenticated: z.literal(true),
  isAdmin: z.boolean(),
  userData: userProfileSchema,
  permission: z.object({ is_patient: z.boolean(), codenames: z.array(z.string()) }),
  /**
   * spec §3 orderData.isActivated: the clinic (a staff member's or patient's) works: in trial,
   * or holding a membership, grace days included. `graceUntil`: set while the membership has
   * ended and access lasts until that day (the shell's banner); `endsOn`: the membership's last
   * day (or the trial's), null without either. Admins are always activated.
   */
  orderData: z.object({ isActivated: z.boolean(), endsOn: z.string().nullable(), graceUntil: z.string().nullable(), trial: z.boolean() }),
  flags: z.record(z.string(), z.boolean()),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const profileUpdateSchema = z
  .object({
    nombres: requiredText(150),
    apellidos: requiredText(150),
    identification: storableText(30).transform((value) => value.trim()),
    language: languageSchema,
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const loginSchema = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const languageUpdateSchema = z.object({ language: languageSchema }).strict();
export const themeUpdateSchema = z.object({ theme: themeSchema }).strict();

export const flagUpdateSchema = z.object({ enabled: z.boolean() }).strict();
export const flagParamSchema = z.object({ flag: featureFlagSchema });
export const flagsSchema = z.record(z.string(), z.boolean());

export const userSearchQuerySchema = pageQuerySchema.extend({
  permission_codename_include: permissionSchema.optional(),
  permission_codename_exclude: permissionSchema.optional(),
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
});

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  groups: z.array(z.number().int()),
  isAdmin: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const totpCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  })
  .strict();
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX) }).strict();
