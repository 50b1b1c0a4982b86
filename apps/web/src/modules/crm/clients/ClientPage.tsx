import type { CrmClientDetail } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, Link as RouterLink } from "react-router";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { ActivitiesPanel } from "../telemarket/ActivitiesPanel.tsx";
import { CLIENTS_KEY, deleteClient, EVERY_CLIENT_LIST, useClient, useClientAbilities } from "./api.ts";
import { ClientDialog } from "./ClientDialog.tsx";
import { ConsentChip } from "./ConsentChip.tsx";
import { DocumentsPanel } from "./DocumentsPanel.tsx";
import { NotesSection } from "./NotesSection.tsx";
import { TimelineSection } from "./TimelineSection.tsx";

/** One section of the client's page: a heading and what it holds. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The contact card's label and value pairs. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 2fr) minmax(0, 3fr)", sm: "160px minmax(0, 1fr)" }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ContactCard({ client }: { client: CrmClientDetail }) {
  const { t } = useTranslation();
  const consent = client.unsubscribedAt
    ? t("crmClients.consent.unsubscribedAt", { at: formatDateTime(client.unsubscribedAt) })
    : client.consent && client.consentAt
      ? t("crmClients.consent.givenAt", { at: formatDateTime(client.consentAt) })
      : t("crmClients.consent.no");
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Chip size="small" label={t(`crmClients.kinds.${client.kind}`)} />
        <ConsentChip client={client} />
        {client.tags.map((tag) => (
          <Chip key={tag} size="small" variant="outlined" label={tag} />
        ))}
      </Stack>
      <Facts
        rows={[
          ...(client.kind === "person" && client.organisation ? ([[t("crmClients.fields.organisation"), client.organisation]] as [string, ReactNode][]) : []),
          [
            t("crmClients.fields.email"),
            client.email ? (
              <Link key="email" href={`mailto:${client.email}`}>
                {client.email}
              </Link>
            ) : (
              "—"
            ),
          ],
          [
            t("crmClients.fields.phone"),
            client.phone ? (
              <Link key="phone" href={`tel:${client.phone}`}>
                {client.phone}
              </Link>
            ) : (
              "—"
            ),
          ],
          [t("crmClients.fields.city"), client.city || "—"],
          [t("crmClients.fields.address"), client.address || "—"],
          [t("crmClients.fields.owner"), client.ownerName ?? "—"],
          [t("crmClients.fields.consent"), consent],
          [t("crmClients.client.since"), formatDateTime(client.createdAt)],
        ]}
      />
    </Stack>
  );
}

/** The lists and initiatives the client is in (an agent sees their own initiatives). */
function Memberships({ client }: { client: CrmClientDetail }) {
  const { t } = useTranslation();
  const chips = (items: { id: number; title: string }[], to: (id: number) => string, none: string) =>
    items.length === 0 ? (
      <Typography color="text.secondary" variant="body2">
        {none}
      </Typography>
    ) : (
      <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }}>
        {items.map((item) => (
          <Chip key={item.id} label={item.title} component={RouterLink} to={to(item.id)} clickable variant="outlined" />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle2">
        {t("crmClients.client.lists")}
      </Typography>
      {chips(client.lists, () => "/crm/app/user?tab=lists", t("crmClients.client.noLists"))}
      <Typography component="h3" variant="subtitle2">
        {t("crmClients.client.initiatives")}
      </Typography>
      {chips(client.initiatives, () => "/crm/app/telemarket/media", t("crmClients.client.noInitiatives"))}
    </Stack>
  );
}

/**
 * A client's page (`/crm/app/user/:id`): the contact card with its edit (and delete for CRM
 * admins), the timeline of everything that happened, notes, documents, and the lists and
 * initiatives it is in.
 */
export function ClientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const abilities = useClientAbilities();
  const client = useClient(valid ? id : null);
  const [editing, setEditing] = useState(false);
  const deletion = useDeleteConfirm<CrmClientDetail>({
    title: t("crmClients.clients.deleteTitle"),
    text: (row) => t("crmClients.clients.deleteText", { name: row.name }),
    run: (row) => deleteClient(row.id),
    invalidate: EVERY_CLIENT_LIST.filter((key) => key[0] !== CLIENTS_KEY),
    deleted: () => t("crmClients.notices.clientDeleted"),
    onDeleted: () => navigate("/crm/app/user"),
  });
  const back = (
    <div>
      <Button component={RouterLink} to="/crm/app/user" startIcon={<ArrowBack />}>
        {t("crmClients.client.back")}
      </Button>
    </div>
  );
  if (!valid || client.network.status === 404)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t("crmClients.client.notFound")}</Alert>
      </Stack>
    );
  if (!client.data) return client.network.error ? back : <Loading />;
  const shown = client.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {back}
      <Section title={shown.name}>
        <ContactCard client={shown} />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("crmClients.client.edit")}
          </Button>
          {abilities.admin ? (
            <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => deletion.ask(shown)}>
              {t("crmClients.client.delete")}
            </Button>
          ) : null}
        </Stack>
      </Section>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }, alignItems: "start" }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t("crmClients.client.activities")}>
            <ActivitiesPanel clientId={shown.id} />
          </Section>
          <Section title={t("crmClients.notes.title")}>
            <NotesSection clientId={shown.id} />
          </Section>
          <Section title={t("crmClients.documents.title")}>
            <DocumentsPanel clientId={shown.id} canChange />
          </Section>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t("crmClients.client.memberships")}>
            <Memberships client={shown} />
          </Section>
          <Section title={t("crmClients.timeline.title")}>
            <TimelineSection clientId={shown.id} />
          </Section>
        </Stack>
      </Box>
      <ClientDialog open={editing} client={shown} admin={abilities.admin} choosesClinic={false} onClose={() => setEditing(false)} />
      {deletion.dialog}
    </Stack>
  );
}
