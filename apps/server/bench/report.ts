// The bench's report, built once and written twice: as padded text on stdout, and as markdown
// (BENCH_REPORT) so runs can be kept beside the code in docs/performance.md.
import { existsSync } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Latency } from "./latency.ts";

type Block = { kind: "line"; text: string } | { kind: "table"; rows: string[][] } | { kind: "gap" };

export class Report {
  private readonly blocks: Block[] = [];

  line(text: string): void {
    this.blocks.push({ kind: "line", text });
  }

  gap(): void {
    this.blocks.push({ kind: "gap" });
  }

  /** The first row is the header; the first column is left-aligned, the others right-aligned. */
  table(rows: string[][]): void {
    this.blocks.push({ kind: "table", rows });
  }

  text(): string {
    return this.blocks.map((block) => (block.kind === "line" ? block.text : block.kind === "gap" ? "" : paddedTable(block.rows))).join("\n");
  }

  markdown(): string {
    const out: string[] = [];
    const isItem = (block: Block | undefined) => block?.kind === "line" && block.text.startsWith("- ");
    this.blocks.forEach((block, index) => {
      const next = this.blocks[index + 1];
      if (block.kind === "gap") out.push("");
      else if (block.kind === "table") out.push("", markdownTable(block.rows), "");
      // Consecutive lines stay lines: a trailing backslash breaks them, except around list items.
      else if (next?.kind === "line" && !isItem(block) && !isItem(next)) out.push(`${block.text}\\`);
      else out.push(block.text, ...(isItem(next) && !isItem(block) ? [""] : []));
    });
    return out.join("\n").replace(/\n{3,}/g, "\n\n");
  }
}

function paddedTable(rows: string[][]): string {
  const header = rows[0] ?? [];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

function markdownTable(rows: string[][]): string {
  const header = rows[0] ?? [];
  const escapeCell = (cell: string) => cell.replaceAll("|", "\\|");
  const line = (row: string[]) => `| ${row.map(escapeCell).join(" | ")} |`;
  return [line(header), `|${header.map((_, column) => (column === 0 ? " --- " : " ---: ")).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

/** Appends the run as a dated section of `file` (made, with a title, when missing). */
export async function writeMarkdownReport(file: string, title: string, report: Report): Promise<void> {
  const section = `\n## ${title}\n\n${report.markdown().trim()}\n`;
  if (existsSync(file)) {
    await appendFile(file, section);
  } else {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `# Performance\n\nFigures written by \`npm run bench\` with \`BENCH_REPORT\` set, newest last.\n${section}`);
  }
}

/** Milliseconds to one decimal under 10, whole above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return value < 10 ? value.toFixed(1) : value.toFixed(0);
}

export function ratio(value: number, base: number): string {
  return base > 0 ? (value / base).toFixed(3) : "n/a";
}

/** The issue 14 targets an endpoint is held to. */
export type TargetGroup = "profile" | "catalogue" | "large-list" | "free-slots" | "statistics" | "platform-statistics" | "lists" | "audited";

export interface TargetInput {
  label: string;
  group?: TargetGroup;
  reqPerSec: number;
  latency: Latency;
  /** p99 at the high-connection pass, when it ran. */
  highP99?: number;
  /** Latency with one connection, when it was measured. */
  alone?: Latency;
}

export interface Check {
  text: string;
  pass: boolean;
}

/** The targets of issue 14, each with its measured figure. A missed target is reported, never an error. */
export function targetChecks(floorReqPerSec: number, endpoints: TargetInput[], highConnections: number): Check[] {
  const checks: Check[] = [];
  const floorShare = (minimum: number, what: string, groups: TargetGroup[]) => {
    for (const endpoint of endpoints.filter((item) => item.group && groups.includes(item.group))) {
      const share = floorReqPerSec > 0 ? endpoint.reqPerSec / floorReqPerSec : 0;
      checks.push({ text: `${what} ≥ ${minimum} of floor: ${endpoint.label} at ${share.toFixed(3)}`, pass: share >= minimum });
    }
  };
  floorShare(0.5, "profile call and catalogue lists", ["profile", "catalogue"]);
  floorShare(0.35, "activities first page and name search", ["large-list"]);
  floorShare(0.35, "every list of issue 34 (forms, results, messages, notifications, the shop's management, the membership page)", ["lists"]);
  for (const endpoint of endpoints.filter((item) => item.group === "free-slots")) {
    checks.push({ text: `free slots for four weeks p95 ≤ 20 ms: ${endpoint.label} at ${ms(endpoint.latency.p95)} ms`, pass: endpoint.latency.p95 <= 20 });
  }
  // Issue 34.3: the wait of one person opening the screen (one request at a time), with the loaded
  // figure (every connection at once, on the load generator's own cores) beside it; and the
  // patient's statistics at ≥ 0.1 of the floor under load.
  const aloneP95 = (group: TargetGroup, what: string, most: number) => {
    for (const endpoint of endpoints.filter((item) => item.group === group)) {
      const alone = endpoint.alone ?? endpoint.latency;
      checks.push({
        text: `${what} p95 ≤ ${most} ms, one request at a time: ${endpoint.label} at ${ms(alone.p95)} ms (p50 ${ms(alone.p50)} ms; with every connection at once p95 ${ms(endpoint.latency.p95)} ms)`,
        pass: alone.p95 <= most,
      });
    }
  };
  aloneP95("statistics", "a patient's 90-day statistics", 50);
  floorShare(0.1, "a patient's 90-day statistics at 10 connections", ["statistics"]);
  aloneP95("platform-statistics", "the platform's 90-day statistics", 100);
  // Issue 34.1: an audited call that reads one row, with no lock shared between requests.
  floorShare(0.4, "an audited call that reads one row", ["audited"]);
  for (const endpoint of endpoints.filter((item) => item.group === "audited" && item.highP99 !== undefined)) {
    const p99 = endpoint.highP99 ?? 0;
    checks.push({ text: `audited calls p99 ≤ 50 ms at ${highConnections} connections: ${endpoint.label} at ${ms(p99)} ms`, pass: p99 <= 50 });
  }
  const high = endpoints.filter((item) => item.highP99 !== undefined);
  if (high.length > 0) {
    const worst = high.reduce((a, b) => ((b.highP99 ?? 0) > (a.highP99 ?? 0) ? b : a));
    const over = high.filter((item) => (item.highP99 ?? 0) > 50);
    const overText = over.length > 0 ? `; over: ${over.map((item) => `${item.label} ${ms(item.highP99 ?? 0)} ms`).join(", ")}` : "";
    checks.push({
      text: `at ${highConnections} connections no endpoint's p99 above 50 ms: worst ${worst.label} at ${ms(worst.highP99 ?? 0)} ms${overText}`,
      pass: over.length === 0,
    });
  }
  return checks;
}
