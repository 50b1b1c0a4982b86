import type { PatientStatistics } from "@clinic/shared";
import { type PdfColumn, type PdfDocument, pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, renderPdf } from "../../../platform/pdf.ts";
import { familyName, formatMeasure, formatNumber, languageOf, STATISTICS_LABELS } from "./statistics.labels.ts";

/**
 * The progress report of `POST /api/statistics/report` (issue 18.4): a PDF for a physician or
 * an insurer, in the PATIENT's language, with the figures of the statistics screen as tables
 * (the charts' numbers), the therapist's note, who wrote it and when.
 */

export interface ReportContext {
  note: string;
  /** The therapist (or staff member) who asked for it. */
  author: string;
  /** YYYY-MM-DD. */
  date: string;
}

const percent = (done: number, assigned: number, language: "en" | "es") => (assigned === 0 ? "–" : `${formatNumber((done / assigned) * 100, language, 0)} %`);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** A section of the report: its heading, then its table, or a sentence when it has no rows. */
function tableSection(doc: PdfDocument, heading: string, empty: string, columns: readonly PdfColumn[], rows: ReadonlyArray<readonly string[]>): void {
  pdfHeading(doc, heading, 2);
  if (rows.length === 0) pdfParagraphs(doc, [empty]);
  else pdfTable(doc, columns, rows);
}

export function reportTitle(stats: Pick<PatientStatistics, "patient">): string {
  return `${STATISTICS_LABELS[languageOf(stats.patient.language)].reportTitle} – ${stats.patient.name}`;
}

export function renderStatisticsReport(stats: PatientStatistics, context: ReportContext): Promise<Buffer> {
  const language = languageOf(stats.patient.language);
  const t = STATISTICS_LABELS[language];
  const { totals } = stats.data;
  const title = reportTitle(stats);
  return renderPdf(
    (doc) => {
      pdfHeading(doc, t.reportTitle);
      pdfFields(doc, [
        [t.patient, stats.patient.name],
        [t.range, `${stats.since} – ${stats.to}`],
        ...(stats.activity ? [[t.narrowedTo, stats.activity.name] as const] : []),
        [t.author, context.author],
        [t.date, context.date],
      ]);
      doc.moveDown();

      pdfHeading(doc, t.totals, 2);
      pdfFields(doc, [
        [t.assigned, String(totals.assigned)],
        [t.done, String(totals.done)],
        [t.adherence, percent(totals.done, totals.assigned, language)],
        [t.sessions, String(totals.sessions)],
        [t.playedMinutes, formatNumber(totals.playedMs / 60_000, language, 0)],
        [t.activeDays, String(totals.activeDays)],
      ]);
      doc.moveDown();

      pdfHeading(doc, t.byWeek, 2);
      pdfTable(
        doc,
        [
          { header: t.week, width: 40 },
          { header: t.assigned, width: 20, align: "right" },
          { header: t.done, width: 20, align: "right" },
          { header: t.adherence, width: 20, align: "right" },
        ],
        stats.data.weeks.map((week) => [week.week, String(week.assigned), String(week.done), percent(week.done, week.assigned, language)]),
      );

      tableSection(
        doc,
        t.trends,
        t.noSessions,
        [
          { header: t.family, width: 16 },
          { header: t.measure, width: 30 },
          { header: t.sessions, width: 12, align: "right" },
          { header: t.start, width: 14, align: "right" },
          { header: t.end, width: 14, align: "right" },
          { header: t.direction, width: 16 },
        ],
        stats.data.families.flatMap((family) =>
          family.measures
            .filter((measure) => measure.trend)
            .map((measure) => {
              const trend = measure.trend as NonNullable<typeof measure.trend>;
              return [
                familyName(family.family),
                t.measures[measure.name] ?? measure.name,
                String(trend.sessions),
                formatMeasure(trend.start, measure.unit, language),
                formatMeasure(trend.end, measure.unit, language),
                trend.direction ? t.directions[trend.direction] : t.tooFew,
              ];
            }),
        ),
      );

      pdfHeading(doc, t.dizziness, 2);
      const dizziness = stats.data.dizziness;
      pdfParagraphs(doc, [
        dizziness.length === 0
          ? t.noSessions
          : t.dizzinessSummary(
              dizziness.length,
              formatNumber(mean(dizziness.map((point) => point.before)), language),
              formatNumber(mean(dizziness.map((point) => point.after)), language),
            ),
      ]);
      doc.moveDown();

      tableSection(
        doc,
        t.lastSessions,
        t.noSessions,
        [
          { header: t.ended, width: 20 },
          { header: t.activity, width: 30 },
          { header: t.levelEnd, width: 12, align: "right" },
          { header: t.accuracy, width: 14, align: "right" },
          { header: t.before, width: 12, align: "right" },
          { header: t.after, width: 12, align: "right" },
        ],
        stats.data.sessions.map((session) => [
          session.endedAt.slice(0, 16).replace("T", " "),
          session.activity?.name ?? familyName(session.family),
          String(session.levelEnd),
          session.metrics.accuracy === undefined ? "–" : formatMeasure(session.metrics.accuracy, "ratio", language),
          String(session.dizzinessBefore),
          String(session.dizzinessAfter),
        ]),
      );

      pdfHeading(doc, t.note, 2);
      pdfParagraphs(doc, [context.note.trim() || t.noNote]);
      doc.moveDown();
      pdfParagraphs(doc, [`${t.author}: ${context.author} · ${context.date}`], { small: true });

      pdfPageFooters(doc, (page, pages) => [stats.patient.name, `${stats.since} – ${stats.to}`, t.page(page, pages)].join("  ·  "));
    },
    { title, author: context.author, language },
  );
}
