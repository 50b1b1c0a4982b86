import {
  Box,
  Card,
  CardActions,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { Fragment, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

export interface ManageColumn<T> {
  key: string;
  title: string;
  cell: (row: T) => ReactNode;
  align?: "right";
  /** Left out of the phone's card (shown another way there, or not worth the room). */
  wideOnly?: boolean;
  /** Keeps a column of names from wrapping word by word on a laptop. */
  minWidth?: number;
}

interface ManageTableProps<T> {
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The column that names a row: the card's heading on a phone. */
  title: ManageColumn<T>;
  columns: ManageColumn<T>[];
  /** Buttons of a row; each names its row for screen readers (aria-describedby the row's name). */
  actions?: (row: T, nameId: string) => ReactNode;
  label: string;
  emptyText: string;
}

function RowActions<T>({
  row,
  actions,
  children,
}: {
  row: T;
  actions: ManageTableProps<T>["actions"];
  children: (nameId: string, buttons: ReactNode) => ReactNode;
}) {
  const nameId = useId();
  return <>{children(nameId, actions?.(row, nameId))}</>;
}

/**
 * The list of a management screen (shop, booking app): a table from a tablet up; on a phone each row becomes a
 * card (its name as a heading, then label and value pairs, then its buttons), so nothing is
 * wider than the page and no column hides off screen.
 */
export function ManageTable<T>({ rows, rowKey, title, columns, actions, label, emptyText }: ManageTableProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  if (rows && rows.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  if (phone)
    return (
      <Stack spacing={1.5} component="ul" aria-label={label} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {rows?.map((row) => (
          <Box component="li" key={rowKey(row)}>
            <RowActions row={row} actions={actions}>
              {(nameId, buttons) => (
                <Card variant="outlined">
                  <CardContent sx={{ pb: 1 }}>
                    <Typography id={nameId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                      {title.cell(row)}
                    </Typography>
                    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
                      {columns
                        .filter((column) => !column.wideOnly)
                        .map((column) => (
                          <Fragment key={column.key}>
                            <Typography component="dt" variant="body2" color="text.secondary">
                              {column.title}
                            </Typography>
                            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
                              {column.cell(row)}
                            </Typography>
                          </Fragment>
                        ))}
                    </Box>
                  </CardContent>
                  {buttons ? <CardActions sx={{ flexWrap: "wrap", gap: 0.5, pt: 0 }}>{buttons}</CardActions> : null}
                </Card>
              )}
            </RowActions>
          </Box>
        ))}
      </Stack>
    );
  const all = [title, ...columns];
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {all.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap" }}>
                {column.title}
              </TableCell>
            ))}
            {actions ? <TableCell align="right">{t("manageList.actions")}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((row) => (
            <RowActions key={rowKey(row)} row={row} actions={actions}>
              {(nameId, buttons) => (
                <TableRow hover>
                  {all.map((column, index) => (
                    <TableCell key={column.key} align={column.align} id={index === 0 ? nameId : undefined} sx={{ minWidth: column.minWidth }}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  {actions ? (
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {buttons}
                    </TableCell>
                  ) : null}
                </TableRow>
              )}
            </RowActions>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
