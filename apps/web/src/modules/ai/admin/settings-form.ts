import { type AiSettings, type AiSettingsInput, type AiSourceKind, AI_DEFAULTS, AI_SOURCE_KINDS, aiSettingsInputSchema } from "@clinic/shared";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { type Converted, convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";

/** Providers price tokens in US dollars: the prices are typed in dollars per million tokens and kept in cents. */
export const PRICE_CURRENCY = "USD";

/**
 * The settings form's values: numbers as typed text, the provider's fields kept while it is
 * switched off (switching it back on finds them), and the API key as typed, never as stored (the
 * server never sends it back): empty keeps the stored key, `removeKey` removes it.
 */
export interface SettingsValues {
  providerOn: boolean;
  provider: { baseUrl: string; model: string; embeddingModel: string; apiKey: string };
  removeKey: boolean;
  allowPatientData: boolean;
  systemPrompt: string;
  sources: AiSourceKind[];
  perUserPerHour: string;
  perClinicPerDay: string;
  maxAnswerTokens: string;
  timeoutSeconds: string;
  emergencyPhone: string;
  inputCentsPerMillion: string;
  outputCentsPerMillion: string;
}

/** What the form starts with for a scope's stored settings (or the defaults the server answers for a new scope). */
export function settingsValues(settings: AiSettings, language: string): SettingsValues {
  return {
    providerOn: settings.provider !== null,
    provider: {
      baseUrl: settings.provider?.baseUrl ?? "",
      model: settings.provider?.model ?? "",
      embeddingModel: settings.provider?.embeddingModel ?? "",
      apiKey: "",
    },
    removeKey: false,
    allowPatientData: settings.allowPatientData,
    systemPrompt: settings.systemPrompt,
    sources: AI_SOURCE_KINDS.filter((kind) => settings.sources.includes(kind)),
    perUserPerHour: String(settings.perUserPerHour),
    perClinicPerDay: String(settings.perClinicPerDay),
    maxAnswerTokens: String(settings.maxAnswerTokens),
    timeoutSeconds: String(settings.timeoutSeconds),
    emergencyPhone: settings.emergencyPhone,
    inputCentsPerMillion: centsToText(settings.inputCentsPerMillion, PRICE_CURRENCY, language),
    outputCentsPerMillion: centsToText(settings.outputCentsPerMillion, PRICE_CURRENCY, language),
  };
}

/** The texts of values that cannot be read, in the interface language. */
export interface SettingsTexts {
  wholeNumber: string;
  price: string;
}

const WHOLE_FIELDS = ["perUserPerHour", "perClinicPerDay", "maxAnswerTokens", "timeoutSeconds"] as const;
const PRICE_FIELDS = ["inputCentsPerMillion", "outputCentsPerMillion"] as const;

/**
 * The PUT body of a form's values. The API key goes only when it says something: typed, it
 * replaces the stored one; `removeKey`, null removes it; otherwise it is left out, which keeps
 * the stored key. With the provider off the body says no model (retrieval-only mode).
 */
export function settingsBody(values: SettingsValues, clinicId: string | null, texts: SettingsTexts): Converted<AiSettingsInput> {
  const errors: PathErrors = {};
  const whole = (name: (typeof WHOLE_FIELDS)[number]) => {
    const value = parseWhole(values[name]);
    if (value === null) errors[name] = texts.wholeNumber;
    return value ?? 0;
  };
  const price = (name: (typeof PRICE_FIELDS)[number]) => {
    const text = values[name].trim();
    const value = text === "" ? 0 : parseMoney(text, PRICE_CURRENCY);
    if (value === null) errors[name] = texts.price;
    return value ?? 0;
  };
  const typedKey = (values.provider.apiKey ?? "").trim();
  const key: { apiKey?: string | null } = typedKey !== "" ? { apiKey: typedKey } : values.removeKey ? { apiKey: null } : {};
  const payload: AiSettingsInput = {
    clinicId,
    provider: values.providerOn
      ? { baseUrl: values.provider.baseUrl.trim(), model: values.provider.model.trim(), embeddingModel: values.provider.embeddingModel.trim(), ...key }
      : null,
    allowPatientData: values.allowPatientData,
    systemPrompt: values.systemPrompt,
    sources: AI_SOURCE_KINDS.filter((kind) => values.sources.includes(kind)),
    perUserPerHour: whole("perUserPerHour"),
    perClinicPerDay: whole("perClinicPerDay"),
    maxAnswerTokens: whole("maxAnswerTokens"),
    timeoutSeconds: whole("timeoutSeconds"),
    emergencyPhone: values.emergencyPhone.trim(),
    inputCentsPerMillion: price("inputCentsPerMillion"),
    outputCentsPerMillion: price("outputCentsPerMillion"),
  };
  return { payload, errors };
}

/** The fields that show a message of their own; the rest go to the form's alert. */
const FIELDS = [
  "provider.baseUrl",
  "provider.model",
  "provider.embeddingModel",
  "provider.apiKey",
  "allowPatientData",
  "systemPrompt",
  "sources",
  ...WHOLE_FIELDS,
  "emergencyPhone",
  ...PRICE_FIELDS,
];

/** The field that shows a path's message (the body's paths are the form's names; a source's own goes on the list), or null. */
export function settingsPlacement(path: string): string | null {
  if (FIELDS.includes(path)) return path;
  if (path.startsWith("sources.")) return "sources";
  // "An API key needs a provider address" said of the provider as a whole.
  if (path === "provider") return "provider.baseUrl";
  return null;
}

/** Puts a 400's field messages on the fields that show them; answers the rest (for the form's alert). */
export function placeSettingsErrors<V extends FieldValues>(setError: UseFormSetError<V>, fields: Record<string, string[]>): string[] {
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    const field = settingsPlacement(path);
    if (field) setError(field as Path<V>, { type: "server", message: messages.join(" ") });
    else rest.push(...messages);
  }
  return rest;
}

/** The form's resolver: the values read into the body, which the shared schema checks as the server will. */
export const settingsResolver = (clinicId: string | null, texts: () => SettingsTexts) =>
  convertingResolver<SettingsValues, AiSettingsInput>(aiSettingsInputSchema, (values) => settingsBody(values, clinicId, texts()), settingsPlacement);

/** What each limit may be (aiSettingsInputSchema), for the fields' hints. */
export const LIMIT_RANGES = {
  perUserPerHour: { min: 1, max: 1000, default: AI_DEFAULTS.perUserPerHour },
  perClinicPerDay: { min: 1, max: 100_000, default: AI_DEFAULTS.perClinicPerDay },
  maxAnswerTokens: { min: 50, max: 4000, default: AI_DEFAULTS.maxAnswerTokens },
  timeoutSeconds: { min: 5, max: 120, default: AI_DEFAULTS.timeoutSeconds },
} as const;
