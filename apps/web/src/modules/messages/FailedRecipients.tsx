import type { MessageFailedRecipient } from "@clinic/shared";
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { failedPath, MESSAGES_KEY } from "./api.ts";

/**
 * The recipients of a message whose email failed for good, by name and address with the mail
 * server's reason, in pages: an audience of thousands can fail in bulk.
 */
export function FailedRecipients({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = usePagedList<MessageFailedRecipient>(MESSAGES_KEY, failedPath(messageId), { pageSize: 5 });
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h4" variant="subtitle2">
        {t("messages.failedList.title")}
      </Typography>
      <ListLoading loading={list.loading} labels="people" />
      {list.rows && list.rows.length === 0 ? (
        <Typography variant="body2">{t("messages.failedList.none")}</Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t("messages.failedList.name")}</TableCell>
                <TableCell>{t("messages.failedList.email")}</TableCell>
                <TableCell>{t("messages.failedList.reason")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.rows ?? []).map((row) => (
                <TableRow key={row.id}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{row.email}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    {row.error ?? t("messages.failedList.noReason")}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t("messages.failedList.attempts", { count: row.attempts })}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ListPagination list={list} labels="people" />
    </Box>
  );
}
