import { TableCell, TableHead, TableRow } from "@mui/material";

/** A column's heading: its label, and "right" for a column of figures. */
export type ColumnHead = string | { label: string; align: "left" | "right" };

/**
 * A table's header row: one column header (`th scope="col"`) a label, so that a screen reader
 * names each cell by its column. Labels are unique within a table; they key the cells.
 */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const { label, align } = typeof column === "string" ? { label: column, align: undefined } : column;
          return (
            <TableCell key={label} component="th" scope="col" align={align}>
              {label}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
