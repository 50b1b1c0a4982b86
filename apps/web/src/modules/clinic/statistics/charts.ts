import { lazy } from "react";

// The charts library is large: it loads once the screen has figures to draw, not with the menu.
export const AdherenceChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.AdherenceChart })));
export const MeasureChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.MeasureChart })));
export const DizzinessChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.DizzinessChart })));
