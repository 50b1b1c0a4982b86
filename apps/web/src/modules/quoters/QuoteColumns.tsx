import { Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { ManageColumn } from "../../lib/components/ManageTable.tsx";

/** The column that names a row of a quoters' list (a quote's number), linking to its page. */
export function numberColumn<R>(title: string, number: (row: R) => string, path: (row: R) => string, minWidth?: number): ManageColumn<R> {
  return {
    key: "number",
    title,
    minWidth,
    cell: (row) => (
      <Link component={RouterLink} to={path(row)} sx={{ whiteSpace: "nowrap" }}>
        {number(row)}
      </Link>
    ),
  };
}

/** A person's column (the applicant, the client): the name, with the email under it. */
export function personColumn<R>(key: string, title: string, person: (row: R) => { name: string; email: string }): ManageColumn<R> {
  return {
    key,
    title,
    minWidth: 180,
    cell: (row) => (
      <>
        {person(row).name}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
          {person(row).email}
        </Typography>
      </>
    ),
  };
}
