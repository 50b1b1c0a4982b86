import type { CrmCallClient, CrmQueueEntry, CrmRecentItem } from "@clinic/shared";
import { Box, Card, CardContent, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import { OutcomeChip } from "./ActivityWhat.tsx";

/** The client's page of the clients screens (shared/routes.ts crmClient). */
const clientPage = (id: number) => `/crm/app/user/${id}`;

/** One line of contact data: a label and its value (a link where it can be dialled or written to). */
function Contact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "9rem 1fr" }, columnGap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The client on the phone: their name (to their page), phone as a `tel:` link, email,
 * organisation, consent and tags, how often they were called in this queue, and their recent
 * calls, meetings and notes.
 */
export function CallCard({ client, entry, recent }: { client: CrmCallClient; entry: CrmQueueEntry; recent: CrmRecentItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const historyId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography id={headingId} variant="h5" component="h2">
              <Link component={RouterLink} to={clientPage(client.id)} underline="hover">
                {client.name}
              </Link>
            </Typography>
            <Chip
              size="small"
              color={client.consent ? "success" : "warning"}
              label={t(client.consent ? "crmTelemarket.card.consent" : "crmTelemarket.card.noConsent")}
            />
            {client.tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
          <Box component="dl" sx={{ m: 0, display: "grid", rowGap: 0.75 }}>
            <Contact label={t("crmTelemarket.card.phone")}>
              {client.phone ? (
                <Link href={`tel:${client.phone.replace(/[^\d+]/g, "")}`} sx={{ fontSize: "1.25rem", fontWeight: 600 }}>
                  {client.phone}
                </Link>
              ) : (
                t("crmTelemarket.card.none")
              )}
            </Contact>
            <Contact label={t("crmTelemarket.card.email")}>
              {client.email ? <Link href={`mailto:${client.email}`}>{client.email}</Link> : t("crmTelemarket.card.none")}
            </Contact>
            <Contact label={t("crmTelemarket.card.organisation")}>{client.organisation || t("crmTelemarket.card.none")}</Contact>
            <Contact label={t("crmTelemarket.card.city")}>{client.city || t("crmTelemarket.card.none")}</Contact>
            <Contact label={t("crmTelemarket.card.attempts")}>
              {t("crmTelemarket.card.attemptsText", { count: entry.attempts })}
              {entry.lastOutcome ? (
                <>
                  {" "}
                  <OutcomeChip outcome={entry.lastOutcome} />
                </>
              ) : null}
            </Contact>
          </Box>
          <Box>
            <Typography id={historyId} variant="subtitle1" component="h3">
              {t("crmTelemarket.card.history")}
            </Typography>
            {recent.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t("crmTelemarket.card.noHistory")}
              </Typography>
            ) : (
              <List dense aria-labelledby={historyId} disablePadding>
                {recent.map((item) => (
                  <ListItem key={`${item.kind}-${item.id}`} disableGutters divider>
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                          <span>{formatDateTime(item.at)}</span>
                          <strong>{t(`crmTelemarket.kinds.${item.kind}`)}</strong>
                          {item.outcome ? <OutcomeChip outcome={item.outcome} /> : null}
                          {item.title ? <span>{item.title}</span> : null}
                        </Stack>
                      }
                      secondary={[item.notes, item.by ? t("crmTelemarket.card.by", { name: item.by }) : ""].filter(Boolean).join(" · ") || null}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
