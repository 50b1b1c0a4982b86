import type { Family } from "@clinic/games";
import type { MeasureUnit, TrendDirection } from "@clinic/shared";

/** The words of the statistics' exports and the PDF report, in both languages. */
export type StatisticsLanguage = "en" | "es";

export const languageOf = (language: string | null | undefined): StatisticsLanguage => (language === "es" ? "es" : "en");

const en = {
  day: "Day",
  week: "Week (Monday)",
  assigned: "Assigned",
  done: "Done",
  adherence: "Adherence",
  family: "Family",
  measure: "Measure",
  unit: "Unit",
  session: "Session",
  ended: "Ended",
  value: "Value",
  activity: "Activity",
  type: "Type",
  build: "Build",
  before: "Dizziness before",
  after: "Dizziness after",
  duration: "Played (min)",
  levelStart: "Start level",
  levelEnd: "Level reached",
  outcome: "Ending",
  trials: "Trials",
  accuracy: "Accuracy",
  sessions: "Sessions",
  playedMinutes: "Played (min)",
  lastDone: "Last done",
  patients: "Patients",
  // The report.
  reportTitle: "Progress report",
  patient: "Patient",
  range: "Period",
  narrowedTo: "Activity",
  totals: "Summary",
  activeDays: "Active days",
  byWeek: "Adherence by week",
  trends: "Trend of the main measures",
  start: "Start",
  end: "End",
  direction: "Direction",
  tooFew: "too few sessions",
  noSessions: "No game session in this period.",
  dizziness: "Dizziness (0–10)",
  dizzinessSummary: (sessions: number, before: string, after: string) => `${sessions} sessions; mean before ${before}, mean after ${after}.`,
  lastSessions: "Last sessions",
  note: "Therapist's note",
  noNote: "No note.",
  author: "Prepared by",
  date: "Date",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  directions: { improving: "improving", steady: "steady", worsening: "worsening" } satisfies Record<TrendDirection, string>,
  endings: { completed: "completed", stopped: "stopped", timeout: "timed out" } as Record<string, string>,
  types: { game: "game", video: "video", text: "text" } as Record<string, string>,
  measures: {
    rt_median_ms: "Median reaction time",
    rt_mean_ms: "Mean reaction time",
    accuracy: "Accuracy",
    level_end: "Level reached",
    level_reached: "Level reached",
    max_pace_bpm: "Highest pace",
    tracking_error_mean_px: "Mean tracking error",
    time_on_target: "Time on target",
    span_max: "Longest span",
    svv_abs_error_deg: "Subjective visual vertical error",
    dva_loss_logmar: "Dynamic visual acuity loss",
  } as Record<string, string>,
  units: { ms: "ms", ratio: "%", level: "level", px: "px", deg: "°", bpm: "bpm", items: "items", logmar: "logMAR" } satisfies Record<MeasureUnit, string>,
};

export type StatisticsLabels = typeof en;

const es: StatisticsLabels = {
  day: "Día",
  week: "Semana (lunes)",
  assigned: "Asignadas",
  done: "Hechas",
  adherence: "Adherencia",
  family: "Familia",
  measure: "Medida",
  unit: "Unidad",
  session: "Sesión",
  ended: "Terminada",
  value: "Valor",
  activity: "Actividad",
  type: "Tipo",
  build: "Versión del juego",
  before: "Mareo antes",
  after: "Mareo después",
  duration: "Jugado (min)",
  levelStart: "Nivel inicial",
  levelEnd: "Nivel alcanzado",
  outcome: "Final",
  trials: "Ensayos",
  accuracy: "Precisión",
  sessions: "Sesiones",
  playedMinutes: "Jugado (min)",
  lastDone: "Última vez",
  patients: "Pacientes",
  reportTitle: "Informe de progreso",
  patient: "Paciente",
  range: "Periodo",
  narrowedTo: "Actividad",
  totals: "Resumen",
  activeDays: "Días activos",
  byWeek: "Adherencia por semana",
  trends: "Evolución de las medidas principales",
  start: "Inicio",
  end: "Final",
  direction: "Tendencia",
  tooFew: "pocas sesiones",
  noSessions: "Ninguna sesión de juego en este periodo.",
  dizziness: "Mareo (0–10)",
  dizzinessSummary: (sessions: number, before: string, after: string) => `${sessions} sesiones; media antes ${before}, media después ${after}.`,
  lastSessions: "Últimas sesiones",
  note: "Nota del terapeuta",
  noNote: "Sin nota.",
  author: "Elaborado por",
  date: "Fecha",
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  directions: { improving: "mejora", steady: "estable", worsening: "empeora" },
  endings: { completed: "completada", stopped: "detenida", timeout: "tiempo agotado" },
  types: { game: "juego", video: "vídeo", text: "texto" },
  measures: {
    rt_median_ms: "Tiempo de reacción mediano",
    rt_mean_ms: "Tiempo de reacción medio",
    accuracy: "Precisión",
    level_end: "Nivel alcanzado",
    level_reached: "Nivel alcanzado",
    max_pace_bpm: "Ritmo máximo",
    tracking_error_mean_px: "Error de seguimiento medio",
    time_on_target: "Tiempo en el objetivo",
    span_max: "Amplitud máxima",
    svv_abs_error_deg: "Error de la vertical visual subjetiva",
    dva_loss_logmar: "Pérdida de agudeza visual dinámica",
  },
  units: { ms: "ms", ratio: "%", level: "nivel", px: "px", deg: "°", bpm: "lpm", items: "elementos", logmar: "logMAR" },
};

export const STATISTICS_LABELS: Record<StatisticsLanguage, StatisticsLabels> = { en, es };

/** The games' family names are product names: the same in both languages. */
export function familyName(family: Family): string {
  return family === "optimizer-vr" ? "Optimizer VR" : family.charAt(0).toUpperCase() + family.slice(1);
}

/** A measure's value as a reader wants it: ratios as percents, times rounded, others to two decimals. */
export function formatMeasure(value: number, unit: MeasureUnit, language: StatisticsLanguage): string {
  const locale = language === "es" ? "es-ES" : "en-GB";
  if (unit === "ratio") return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value * 100)} %`;
  const digits = unit === "ms" || unit === "level" || unit === "items" ? 0 : 2;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${STATISTICS_LABELS[language].units[unit]}`;
}

export function formatNumber(value: number, language: StatisticsLanguage, digits = 1): string {
  return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { maximumFractionDigits: digits }).format(value);
}
