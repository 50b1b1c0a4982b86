import { Box, Card, CardContent, Skeleton, Stack, Table, TableContainer, Typography } from "@mui/material";
import { type ReactNode, Suspense, useId } from "react";
import { VISUALLY_HIDDEN } from "../visually-hidden.ts";

/**
 * The pieces every screen of figures shares (statistics, the statistics app, form results): a
 * section card, a chart as one described image, and the chart's table. The charts themselves
 * (MUI X Charts) live in chunks of their own, loaded lazily by each screen.
 */

/** A section of figures: a card with its heading, its exports beside it, and its content. */
export function SectionCard(props: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={props.testId} sx={{ minWidth: 0 }}>
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
export function ChartFigure(props: { summary: string; tableId: string; points: number; height?: number; children: ReactNode }) {
  if (props.points < 2) return null;
  return (
    <Box role="img" aria-label={props.summary} aria-describedby={props.tableId} sx={{ mt: 1, minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 240} />}>{props.children}</Suspense>
    </Box>
  );
}

/**
 * A chart's figures as a table: the alternative for screen readers and for exact numbers. Long
 * ones scroll inside their own box (focusable, so a keyboard scrolls it too). A caption that
 * would repeat the section's heading on screen is for screen readers only.
 */
export function FiguresTable(props: { id: string; caption: string; children: ReactNode; scrolls?: boolean; captionHidden?: boolean }) {
  const scrolls = props.scrolls ?? true;
  return (
    <TableContainer sx={{ mt: 2, maxHeight: scrolls ? 320 : undefined, overflow: "auto" }} tabIndex={0} role="region" aria-label={props.caption}>
      {/* Days and times keep to one line: the table scrolls sideways on a phone instead. */}
      <Table size="small" stickyHeader={scrolls} id={props.id} sx={{ "& th[scope=row]": { whiteSpace: "nowrap" } }}>
        <caption style={props.captionHidden ? VISUALLY_HIDDEN : { captionSide: "top", textAlign: "left", padding: "0 0 4px" }}>{props.caption}</caption>
        {props.children}
      </Table>
    </TableContainer>
  );
}
