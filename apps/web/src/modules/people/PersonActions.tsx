import EditOutlined from "@mui/icons-material/EditOutlined";
import ForwardToInboxOutlined from "@mui/icons-material/ForwardToInboxOutlined";
import HourglassEmptyOutlined from "@mui/icons-material/HourglassEmptyOutlined";
import PersonAddAlt1Outlined from "@mui/icons-material/PersonAddAlt1Outlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { useAction } from "../../lib/resource.ts";
import { type InvitationOutcome, PEOPLE_KEYS, resendInvitation, setActive } from "./api.ts";

export interface PersonLike {
  id: string;
  isActive: boolean;
  invitationPending: boolean;
}

/** "Inactive" and "Invitation pending", when they apply. */
export function StatusChips({ person }: { person: PersonLike }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
      <Chip
        size="small"
        variant="outlined"
        color={person.isActive ? "success" : "default"}
        label={person.isActive ? t("people.active") : t("people.inactive")}
      />
      {person.invitationPending && person.isActive ? (
        // The warning colour marks the border and icon only: as text on white it is below AA contrast.
        <Chip
          size="small"
          variant="outlined"
          icon={<HourglassEmptyOutlined fontSize="small" color="warning" />}
          label={t("people.pending")}
          sx={{ borderColor: "warning.main" }}
        />
      ) : null}
    </Stack>
  );
}

/** Name and email in a list; on phones the state chips follow, their own column being hidden there. */
export function PersonCell({ name, person }: { name: string; person: PersonLike & { email: string; phone?: string | null } }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-word" }}>
        {person.email}
      </Typography>
      {person.phone ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {person.phone}
        </Typography>
      ) : null}
      <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
        <StatusChips person={person} />
      </Box>
    </>
  );
}

/** The sentence a notice adds about the invitation email: sent, in the outbox, or failed. */
export function invitationText(t: TFunction, invitation: InvitationOutcome): string {
  if (invitation.status === "sent") return t("people.invitation.sent");
  if (invitation.status === "failed") return t("people.invitation.failed");
  return t("people.invitation.outbox");
}

export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("people.edit")}>
      <IconButton size="small" onClick={onClick} aria-label={t("people.editNamed", { name })}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Resend-invitation and deactivate/reactivate buttons for a row, with the confirmation that
 * deactivating asks for. `activate: false` leaves the state button out (therapists). `list` is
 * the list's query-key root, whose row (a person just added first included) shows the new state.
 */
export function usePersonActions(list?: string) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<{ person: PersonLike; name: string } | null>(null);
  const toggle = useAction(({ person, isActive }: { person: PersonLike; isActive: boolean }) => setActive(person.id, isActive), {
    invalidate: PEOPLE_KEYS,
    replaces: (result, { person }) => (list ? [{ list: [list], records: [{ ...person, isActive: result.isActive }] }] : []),
    success: (result) => (result.isActive ? t("people.reactivated") : t("people.deactivated")),
    onSuccess: () => setConfirming(null),
  });
  const resend = useAction((person: PersonLike) => resendInvitation(person.id), {
    invalidate: PEOPLE_KEYS,
    success: (outcome) => invitationText(t, outcome),
  });

  function buttons(person: PersonLike, name: string, options: { activate: boolean; resend: boolean }) {
    return (
      <>
        {options.resend && person.invitationPending && person.isActive ? (
          <Tooltip title={t("people.resend")}>
            <IconButton size="small" onClick={() => resend.mutate(person)} disabled={resend.isPending} aria-label={t("people.resendNamed", { name })}>
              <ForwardToInboxOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {options.activate ? (
          person.isActive ? (
            <Tooltip title={t("people.deactivate")}>
              <IconButton size="small" onClick={() => setConfirming({ person, name })} aria-label={t("people.deactivateNamed", { name })}>
                <PersonOffOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t("people.reactivate")}>
              <IconButton
                size="small"
                onClick={() => toggle.mutate({ person, isActive: true })}
                disabled={toggle.isPending}
                aria-label={t("people.reactivateNamed", { name })}
              >
                <PersonAddAlt1Outlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        ) : null}
      </>
    );
  }

  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title={t("people.deactivateTitle")}
      text={confirming ? t("people.deactivateText", { name: confirming.name }) : ""}
      confirmLabel={t("people.deactivate")}
      destructive
      busy={toggle.isPending}
      onConfirm={() => confirming && toggle.mutate({ person: confirming.person, isActive: false })}
      onCancel={() => setConfirming(null)}
    />
  );
  return { buttons, dialog };
}
