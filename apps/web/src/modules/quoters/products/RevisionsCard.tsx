import type { ProductQuoteDetail } from "@clinic/shared";
import { Box, Link, List, ListItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { formatMoney } from "../../../lib/money.ts";
import { quotePagePath } from "./api.ts";
import { QuoteStateChip } from "./StateChip.tsx";

const HISTORY_ACTIONS = ["created", "sent", "viewed", "accepted", "declined", "expired", "converted", "revised"];

/**
 * The quote's number through time: every revision (each a link to its page, this one marked),
 * then this revision's history: who made it, when it was sent, viewed, answered, converted or
 * replaced (the client by the link and the expiry sweep have no name).
 */
export function RevisionsCard({ quote }: { quote: ProductQuoteDetail }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const historyId = useId();
  const revisions = [...quote.revisions].sort((a, b) => b.revision - a.revision);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="h6">
          {t("productQuoter.page.revisions")}
        </Typography>
        <TableContainer tabIndex={0} role="region" aria-label={t("productQuoter.page.revisionsTable", { number: quote.number })} sx={{ overflowX: "auto" }}>
          <Table size="small" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t("productQuoter.fields.revision")}</TableCell>
                <TableCell scope="col">{t("productQuoter.fields.state")}</TableCell>
                <TableCell scope="col" align="right">
                  {t("productQuoter.fields.total")}
                </TableCell>
                <TableCell scope="col">{t("productQuoter.fields.createdAt")}</TableCell>
                <TableCell scope="col">{t("productQuoter.fields.sentAt")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {revisions.map((revision) => {
                const current = revision.id === quote.id;
                const name = t("productQuoter.page.revision", { revision: revision.revision });
                return (
                  <TableRow key={revision.id} selected={current}>
                    <TableCell component="th" scope="row">
                      {current ? (
                        <Box component="span" aria-current="page" sx={{ fontWeight: 600 }}>
                          {t("productQuoter.page.thisRevision", { name })}
                        </Box>
                      ) : (
                        <Link component={RouterLink} to={quotePagePath(revision.id)}>
                          {name}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>
                      <QuoteStateChip state={revision.state} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {formatMoney(revision.totalCents, quote.currency, i18n.language)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(revision.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{revision.sentAt ? formatDate(revision.sentAt) : "—"}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography id={historyId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t("productQuoter.page.history")}
        </Typography>
        <List dense aria-labelledby={historyId} sx={{ py: 0 }}>
          {quote.history.map((entry) => (
            <ListItem key={`${entry.action}-${entry.at}`} disableGutters sx={{ display: "block" }}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {HISTORY_ACTIONS.includes(entry.action) ? t(`productQuoter.history.${entry.action}`) : entry.action}
                </Box>
                {` · ${formatDateTime(entry.at)}`}
                {entry.by ? ` · ${entry.by.name}` : ""}
              </Typography>
            </ListItem>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
