/**
 * Hostile requests generated from the OpenAPI document, for the bad-input sweep. Everything
 * here is deterministic (no randomness, no clock), so a failure found once is found again.
 */

/** The parts of an OpenAPI 3 JSON schema the generators read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body?: JsonSchema;
}

export interface SweepCase {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** What is hostile about it, for the failure report. */
  label: string;
  /** Sent by every role, not only by the one it falls to. */
  everyRole?: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** What a parameter or property holds, as far as choosing hostile values goes. */
type Kind = "uuid" | "integer" | "number" | "boolean" | "enum" | "date" | "date-time" | "string" | "array" | "object" | "other";

function kindOf(input: JsonSchema = {}): Kind {
  const schema = firstOption(input);
  if (schema.enum || schema.const !== undefined) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "string") {
    if (schema.format === "uuid" || schema.format === "date" || schema.format === "date-time") return schema.format;
    return "string";
  }
  if (type === "integer" || type === "number" || type === "boolean" || type === "array" || type === "object") return type;
  return "other";
}

const LONG = "a".repeat(5000);

/**
 * Path segments, already URL-encoded as a client would send them: NUL, broken percent
 * escapes, traversal, unicode, SQL, the keys that reach an object's prototype, and for each
 * kind of parameter the values just outside it (numbers a 32-bit column cannot hold or that
 * are not whole, ids that are almost UUIDs).
 */
const HOSTILE_PATH_VALUES: readonly string[] = [
  "%00",
  "a%00b",
  "%E0%A4%A",
  LONG,
  "..%2F..%2Fetc%2Fpasswd",
  encodeURIComponent("ñ😀\u202e\uFFFF"),
  encodeURIComponent("1' OR '1'='1"),
  "__proto__",
  "constructor",
];
const HOSTILE_PATH_BY_KIND: Partial<Record<Kind, readonly string[]>> = {
  integer: ["0", "2147483648", "99999999999999999999", "1.5", "1e400", "0x7fffffff"],
  uuid: ["00000000-0000-0000-0000-00000000000g", "00000000000000000000000000000000", "-1"],
  enum: ["CLINIC", "-1"],
  // "AA" is the base64url of a NUL byte: a token of the right shape naming an impossible user.
  string: [`AA.${"A".repeat(32)}`, `AA.${"A".repeat(32)}.ics`, `${"_".repeat(128)}.${"A".repeat(32)}.ics`, "x.ics"],
};

/** Query values (encoded): for every parameter, then for its kind. */
const HOSTILE_QUERY_VALUES: readonly string[] = ["%00"];
const HOSTILE_QUERY_BY_KIND: Partial<Record<Kind, readonly string[]>> = {
  integer: ["-1", "2147483648", "1.5"],
  number: ["-1", "1e400", "NaN"],
  string: [encodeURIComponent("' OR 1=1 --"), encodeURIComponent("ñ😀\u202e"), LONG],
  enum: ["x", "1"],
  uuid: ["not-a-uuid", "00000000-0000-0000-0000-00000000000g"],
  date: ["2026-02-30", "99999-01-01"],
  "date-time": ["2026-02-30T25:61:00Z", "%2B275760-09-13T00:00:00.001Z"],
};

/** Queries every operation gets, whatever it declares: prototype keys; NUL keys, broken escapes and more keys than the parser takes. */
const HOSTILE_QUERIES: readonly string[] = [
  "__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=1&constructor=1&hasOwnProperty=1",
  `%00=%00&%E0%A4%A=%E0%A4%A&${LONG}=${LONG}&${Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join("&")}`,
];

const NESTING = 100_000;

/** Raw bodies every writing call gets, whatever it declares. */
export const HOSTILE_RAW_BODIES: readonly { label: string; payload: string; contentType?: string }[] = [
  { label: "malformed JSON", payload: '{"a":' },
  { label: "NUL as the body", payload: "\u0000" },
  { label: "array", payload: "[]" },
  { label: "__proto__ key", payload: '{"__proto__":{"polluted":1,"isAdmin":true}}' },
  { label: "constructor.prototype", payload: '{"constructor":{"prototype":{"polluted":1}}}' },
  { label: "deeply nested arrays", payload: `${"[".repeat(NESTING)}${"]".repeat(NESTING)}` },
  { label: "deeply nested objects", payload: `${'{"a":'.repeat(NESTING / 10)}1${"}".repeat(NESTING / 10)}` },
  { label: "body over the 1 MiB limit", payload: `{"a":"${"a".repeat(1_100_000)}"}` },
  { label: "broken multipart", payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u0000', contentType: "multipart/form-data; boundary=x" },
  { label: "multipart without boundary", payload: "garbage", contentType: "multipart/form-data" },
  { label: "JSON as UTF-16", payload: '{"a":1}', contentType: "application/json; charset=utf-16" },
  { label: "unknown content type", payload: '{"a":"\u0000"}', contentType: "text/plain" },
  { label: "empty JSON body", payload: "" },
];

const PROTOTYPE_KEYS = JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
const DEEP = JSON.parse(`${'{"a":'.repeat(60)}1${"}".repeat(60)}`);

/**
 * Values for one body property by its kind: wrong types, numbers out of every range, NUL
 * bytes, a string near the body limit, nesting, prototype keys, and strings a careless query
 * or template would trip on.
 */
const HOSTILE_PROPERTY_BY_KIND: Record<Kind, readonly unknown[]> = {
  string: [12345, null, "a\u0000b", "x".repeat(200_000), "' OR 1=1 --", "ñ😀\u202e\uD800", PROTOTYPE_KEYS],
  integer: ["1", -1, 1.5, 2147483648, 1e308, null],
  number: ["1", -1, 1e308, -1e308, null, "\u0000"],
  boolean: ["true", 1, null],
  array: ["x", [null, {}], ["\u0000"], Array.from({ length: 50_000 }, () => 1), PROTOTYPE_KEYS],
  object: [[], "x", null, PROTOTYPE_KEYS, DEEP],
  enum: ["x", null, 1, "\u0000"],
  uuid: ["\u0000", "x".repeat(100), 1],
  date: ["2026-02-30", "99999-12-31", "\u0000"],
  "date-time": ["2026-02-30T25:00:00Z", "+275760-09-13T00:00:00.001Z", "\u0000"],
  other: [null, "\u0000", PROTOTYPE_KEYS],
};

/** Valid-looking values chosen so that a destructive call finds nothing to destroy. */
export interface ExampleIds {
  /** A user id that exists (a patient), for calls that only read or are refused anyway. */
  user: string;
  /** A user id that exists nowhere. */
  missingUser: string;
}

const PATTERN_CANDIDATES = ["a", "sweep", "1", "09:00", "2027-01-04", "Europe/Madrid", "reactor-quick", "#000000", `AAAA.${"A".repeat(32)}`];

function firstOption(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return options.find((option) => option.type !== "null") ?? options[0] ?? {};
}

/** A plausible valid value for a schema, so that one hostile property is judged with the others valid. */
export function exampleOf(input: JsonSchema, ids: ExampleIds, destructive = false): unknown {
  const schema = firstOption(input);
  if (schema.allOf?.[0]) return exampleOf(schema.allOf[0], ids, destructive);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "uuid") return destructive ? ids.missingUser : ids.user;
      if (schema.format === "email") return "sweep@example.com";
      if (schema.format === "date") return "2027-01-04";
      if (schema.format === "date-time") return "2027-01-04T10:00:00.000Z";
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, "u");
        const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
        if (match) return match;
      }
      return "s".repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case "integer":
    case "number": {
      // Large enough to name no row: a destructive call then answers 404.
      const wanted = destructive ? 2_000_000_000 : 1;
      const min = typeof schema.minimum === "number" ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : wanted;
      const max = typeof schema.maximum === "number" ? schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0) : wanted;
      return Math.min(Math.max(wanted, min), max);
    }
    case "boolean":
      return true;
    case "array": {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => exampleOf(schema.items ?? {}, ids, destructive));
    }
    case "object": {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = exampleOf(schema.properties?.[name] ?? {}, ids, destructive);
      return value;
    }
    default:
      return "s";
  }
}

/**
 * One body per hostile value of each property, the rest of the body valid; into nested objects
 * and the first item of arrays, two levels down. `place` puts a value where this schema sits
 * inside an otherwise valid body.
 */
function propertyCases(
  input: JsonSchema,
  place: (value: unknown) => unknown,
  ids: ExampleIds,
  destructive: boolean,
  prefix = "",
  depth = 0,
): { label: string; body: unknown }[] {
  const schema = firstOption(input);
  const out: { label: string; body: unknown }[] = [];
  if (schema.properties) {
    const valid = exampleOf(schema, ids, destructive) as Record<string, unknown>;
    for (const [name, child] of Object.entries(schema.properties)) {
      const placeChild = (value: unknown) => place({ ...valid, [name]: value });
      for (const value of HOSTILE_PROPERTY_BY_KIND[kindOf(child)]) {
        out.push({ label: `body ${prefix}${name}=${JSON.stringify(value)?.slice(0, 40)}`, body: placeChild(value) });
      }
      if (depth < 2) out.push(...propertyCases(child, placeChild, ids, destructive, `${prefix}${name}.`, depth + 1));
    }
  } else if (schema.items && depth < 2) {
    out.push(...propertyCases(schema.items, (value) => place([value]), ids, destructive, `${prefix}0.`, depth + 1));
  }
  return out;
}

function pathWith(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? "x");
}

/**
 * Every hostile case for one operation, the valid parts filled from `exampleOf`. Cases marked
 * `everyRole` are the few every role must send (NUL in a path, prototype keys, an empty JSON
 * body); the sweep shares the others out among the roles that get past the route's guards.
 */
export function casesFor(operation: Operation, ids: ExampleIds): SweepCase[] {
  const { method } = operation;
  // A DELETE must find nothing to delete, whatever else about it is hostile.
  const destructive = method === "DELETE";
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const validPath: Record<string, string> = {};
  for (const param of pathParams) validPath[param.name] = encodeURIComponent(String(exampleOf(param.schema ?? {}, ids, destructive)));
  const baseUrl = pathWith(operation, validPath);
  const writes = method !== "GET";
  const validBody = operation.body ? exampleOf(operation.body, ids, destructive) : undefined;
  const jsonBody = validBody === undefined ? undefined : JSON.stringify(validBody);
  const withBody = (c: SweepCase): SweepCase =>
    jsonBody === undefined || c.payload !== undefined ? c : { ...c, payload: jsonBody, headers: { "content-type": "application/json", ...c.headers } };
  const json = { "content-type": "application/json" };

  const cases: SweepCase[] = [];
  for (const param of pathParams) {
    for (const value of [...HOSTILE_PATH_VALUES, ...(HOSTILE_PATH_BY_KIND[kindOf(param.schema)] ?? [])]) {
      const url = pathWith(operation, { ...validPath, [param.name]: value });
      cases.push(withBody({ method, url, label: `path ${param.name}=${value.slice(0, 40)}`, everyRole: value === "%00" }));
    }
  }
  for (const param of queryParams) {
    for (const value of [...HOSTILE_QUERY_VALUES, ...(HOSTILE_QUERY_BY_KIND[kindOf(param.schema)] ?? [])]) {
      cases.push(withBody({ method, url: `${baseUrl}?${param.name}=${value}`, label: `query ${param.name}=${value.slice(0, 40)}` }));
    }
    cases.push(withBody({ method, url: `${baseUrl}?${param.name}=1&${param.name}=%00&${param.name}[a]=1`, label: `query ${param.name} as an array` }));
  }
  for (const [index, query] of HOSTILE_QUERIES.entries()) {
    cases.push(withBody({ method, url: `${baseUrl}?${query}`, label: `query ${query.slice(0, 60)}`, everyRole: index === 0 }));
  }
  if (writes) {
    for (const body of HOSTILE_RAW_BODIES) {
      const everyRole = body.label === "__proto__ key" || body.label === "empty JSON body";
      cases.push({
        method,
        url: baseUrl,
        payload: body.payload,
        headers: { "content-type": body.contentType ?? "application/json" },
        label: `body: ${body.label}`,
        everyRole,
      });
    }
  }
  if (writes && operation.body && typeof validBody === "object" && validBody !== null && !Array.isArray(validBody)) {
    for (const { label, body } of propertyCases(operation.body, (value) => value, ids, destructive)) {
      cases.push({ method, url: baseUrl, payload: JSON.stringify(body), headers: json, label });
    }
    cases.push({
      method,
      url: baseUrl,
      payload: JSON.stringify({ ...validBody, unexpected: "\u0000" }),
      headers: json,
      label: "body with an undeclared property",
    });
  }
  return cases;
}
