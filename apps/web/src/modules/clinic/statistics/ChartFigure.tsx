import { Box, Card, CardContent, Skeleton, Stack, Table, TableContainer, Typography } from "@mui/material";
import { lazy, type ReactNode, Suspense, useId } from "react";

// The charts library is large: it loads once the screen has figures to draw, not with the menu.
export const AdherenceChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.AdherenceChart })));
export const MeasureChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.MeasureChart })));
export const DizzinessChart = lazy(() => import("./StatisticsCharts.tsx").then((m) => ({ default: m.DizzinessChart })));

/** A section of the statistics: a card with its heading, its exports beside it, and its content. */
export function SectionCard(props: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={props.testId}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
          <Box>
            <Typography id={headingId} variant="h6" component="h2">
              {props.title}
            </Typography>
            {props.subtitle ? (
              <Typography variant="body2" color="text.secondary">
                {props.subtitle}
              </Typography>
            ) : null}
          </Box>
          {props.actions}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}

/**
 * A chart as one image for screen readers: its summary as the label, its table (beside it, by
 * id) as the description. The drawing itself waits for the charts' chunk behind a skeleton.
 * A single point or bar draws nothing a sentence and the table do not already say: no chart.
 */
export function ChartFigure({ summary, tableId, points, children }: { summary: string; tableId: string; points: number; children: ReactNode }) {
  if (points < 2) return null;
  return (
    <Box role="img" aria-label={summary} aria-describedby={tableId} sx={{ mt: 1, minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>{children}</Suspense>
    </Box>
  );
}

/**
 * A chart's figures as a table: the alternative for screen readers and for exact numbers. Long
 * ones scroll inside their own box (focusable, so a keyboard scrolls it too).
 */
export function FiguresTable({ id, caption, children, scrolls = true }: { id: string; caption: string; children: ReactNode; scrolls?: boolean }) {
  return (
    <TableContainer sx={{ mt: 2, maxHeight: scrolls ? 320 : undefined, overflow: "auto" }} tabIndex={0} role="region" aria-label={caption}>
      {/* Days and times keep to one line: the table scrolls sideways on a phone instead. */}
      <Table size="small" stickyHeader id={id} sx={{ "& th[scope=row]": { whiteSpace: "nowrap" } }}>
        <caption style={{ captionSide: "top", textAlign: "left", padding: "0 0 4px" }}>{caption}</caption>
        {children}
      </Table>
    </TableContainer>
  );
}
