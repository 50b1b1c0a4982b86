import type { CrmInitiativeDetail } from "@clinic/shared";
import PhoneInTalk from "@mui/icons-material/PhoneInTalk";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
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
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { DocumentsPanel } from "../clients/DocumentsPanel.tsx";
import { callCentrePath, clientPath, EVERY_INITIATIVE_LIST, markRead, useCrmAbilities, useInitiative } from "./api.ts";
import { StateChip } from "./StateChip.tsx";

/** The initiative's clients: name (to the client's page), email and phone; the table scrolls sideways on a phone. */
function ClientsTable({ initiative }: { initiative: CrmInitiativeDetail }) {
  const { t } = useTranslation();
  if (initiative.clients.length === 0) return <Typography color="text.secondary">{t("crmInitiatives.details.noClients")}</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 320, overflow: "auto" }} tabIndex={0} role="region" aria-label={t("crmInitiatives.details.clients")}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: "top", textAlign: "left", padding: "0 0 4px" }}>
          {t("crmInitiatives.details.clientsCaption", { count: initiative.clients.length })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t("crmInitiatives.fields.name")}</TableCell>
            <TableCell>{t("crmInitiatives.fields.email")}</TableCell>
            <TableCell>{t("crmInitiatives.fields.phone")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {initiative.clients.map((client) => (
            <TableRow key={client.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={clientPath(client.id)}>
                  {client.name}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{client.email ?? "—"}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{client.phone || "—"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * An initiative opened: its salesman, description, clients and documents, and the way into the
 * call centre to work it. Its salesman opening it marks it read (spec §4).
 */
export function InitiativeDetailsDialog({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (initiative: CrmInitiativeDetail) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const client = useQueryClient();
  const abilities = useCrmAbilities();
  const { data: initiative } = useInitiative(id);
  const marked = useRef<number | null>(null);
  const shown = initiative && initiative.id === id ? initiative : undefined;
  useEffect(() => {
    if (shown?.state !== "not_readed" || shown.salesman?.id !== abilities.userId || marked.current === shown.id) return;
    marked.current = shown.id;
    void markRead(shown.id).then(() => Promise.all(EVERY_INITIATIVE_LIST.map((queryKey) => client.invalidateQueries({ queryKey }))));
  }, [shown, abilities.userId, client]);
  const changes = shown ? abilities.changes(shown) : false;
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{shown?.title ?? t("crmInitiatives.details.loading")}</DialogTitle>
      <DialogContent>
        {!shown ? (
          <Loading />
        ) : (
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <StateChip state={shown.state} />
              <Typography>
                {shown.salesman ? t("crmInitiatives.details.salesman", { name: shown.salesman.name }) : t("crmInitiatives.details.noSalesman")}
              </Typography>
            </Stack>
            {shown.description ? <Typography sx={{ whiteSpace: "pre-wrap" }}>{shown.description}</Typography> : null}
            <div>
              <Button component={RouterLink} to={callCentrePath(shown.id)} variant="contained" startIcon={<PhoneInTalk />}>
                {t("crmInitiatives.details.callCentre")}
              </Button>
            </div>
            <Box component="section" aria-label={t("crmInitiatives.details.clients")}>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                {t("crmInitiatives.details.clients")}
              </Typography>
              <ClientsTable initiative={shown} />
            </Box>
            <DocumentsPanel initiativeId={shown.id} canChange={changes} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {shown && changes ? <Button onClick={() => onEdit(shown)}>{t("crmInitiatives.details.edit")}</Button> : null}
        <Button onClick={onClose}>{t("crmInitiatives.details.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
