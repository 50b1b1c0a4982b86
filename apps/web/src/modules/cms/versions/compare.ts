import type { CmsBlock, CmsPageContent, CmsVersionRow } from "@clinic/shared";
import type { TFunction } from "i18next";

/**
 * What the versions panel compares (issue 39 "compare two versions side by side"): the page's
 * fields one by one and its blocks by position, each as readable text, so a difference reads the
 * same to everyone (marked in words, not by colour alone) and to screen readers.
 */

/** The fields the history names (server: cms-versions.service.ts VERSION_FIELDS), as compared here. */
export const COMPARED_FIELDS = ["title", "slug", "language", "home", "seoTitle", "seoDescription", "socialImage", "translation"] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** Rich text as the text a reader reads: tags dropped (block ends as spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/li|\/h\d|\/blockquote)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** One field's value in a version, as text. */
export function fieldText(content: CmsPageContent, field: ComparedField, t: TFunction): string {
  switch (field) {
    case "title":
    case "slug":
    case "seoTitle":
    case "seoDescription":
      return content[field];
    case "language":
      return t(`cmsVersions.languages.${content.language}`);
    case "home":
      return content.isHome ? t("cmsVersions.yes") : t("cmsVersions.no");
    case "socialImage":
      return content.socialImageId ? t("cmsVersions.imageChosen") : t("cmsVersions.none");
    case "translation":
      return content.twinId === null ? t("cmsVersions.none") : t("cmsVersions.linkedPage", { id: content.twinId });
  }
}

export interface FieldComparison {
  field: ComparedField;
  older: string;
  newer: string;
  changed: boolean;
}

export function compareFields(older: CmsPageContent, newer: CmsPageContent, t: TFunction): FieldComparison[] {
  return COMPARED_FIELDS.map((field) => {
    const before = fieldText(older, field, t);
    const after = fieldText(newer, field, t);
    return { field, older: before, newer: after, changed: before !== after };
  });
}

/** A block in words: its kind and what a visitor would read or follow. */
export function blockSummary(block: CmsBlock, t: TFunction): string {
  const kind = t(`cmsVersions.kinds.${block.kind}`);
  const body = ((): string => {
    switch (block.kind) {
      case "text":
        return htmlToText(block.html);
      case "image":
        return [block.alt, block.caption].filter(Boolean).join(" — ");
      case "video":
        return `${block.title} (${block.url})`;
      case "cta":
        return `${block.label} → ${block.href}`;
      case "columns":
        return `${htmlToText(block.left)} | ${htmlToText(block.right)}`;
      case "faq":
        return block.items.map((item) => `${item.question} ${htmlToText(item.answer)}`).join(" · ");
      case "booking":
        return block.serviceId === null ? block.label : `${block.label} (${t("cmsVersions.service", { id: block.serviceId })})`;
      case "events":
        return [block.title, t("cmsVersions.eventCount", { count: block.count })].filter(Boolean).join(" — ");
    }
  })();
  return body ? `${kind}: ${body}` : kind;
}

export type BlockChange = "same" | "changed" | "added" | "removed";

export interface BlockComparison {
  /** 1-based position on the page. */
  position: number;
  older: string | null;
  newer: string | null;
  change: BlockChange;
}

/** Blocks side by side by position: one present on one side only was added or removed; two that differ changed. */
export function compareBlocks(older: CmsBlock[], newer: CmsBlock[], t: TFunction): BlockComparison[] {
  const rows: BlockComparison[] = [];
  for (let index = 0; index < Math.max(older.length, newer.length); index++) {
    const before = older[index];
    const after = newer[index];
    const change: BlockChange = !before ? "added" : !after ? "removed" : JSON.stringify(before) === JSON.stringify(after) ? "same" : "changed";
    rows.push({ position: index + 1, older: before ? blockSummary(before, t) : null, newer: after ? blockSummary(after, t) : null, change });
  }
  return rows;
}

/** The pair shown first: the latest version and the one before it (versions come newest first). */
export function defaultPair(versions: CmsVersionRow[]): { older: number; newer: number } | null {
  const [latest, before] = versions;
  if (!latest) return null;
  return { older: (before ?? latest).version, newer: latest.version };
}
