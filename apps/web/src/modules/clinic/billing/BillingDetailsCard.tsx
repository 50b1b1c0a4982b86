import type { BillingDetailsAnswer } from "@clinic/shared";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Alert, Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { DETAILS_KEY, DETAILS_PATH } from "./api.ts";
import { BillingDetailsForm, DETAIL_FIELDS } from "./BillingDetailsForm.tsx";
import { detailsComplete } from "./format.ts";

/** The caller's own billing details (one query shared by every screen that needs them). */
export function useBillingDetails() {
  return useResource<BillingDetailsAnswer>([DETAILS_KEY, "own"], DETAILS_PATH);
}

/**
 * Billing details, read and edited in place. Incomplete details show the form at once (they
 * are required before checkout), as do field errors another call answered (`serverErrors`).
 */
export function BillingDetailsCard({ serverErrors, onSaved }: { serverErrors?: Record<string, string[]>; onSaved?: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useBillingDetails();
  const [editing, setEditing] = useState(false);
  const details = data?.details ?? null;
  const complete = detailsComplete(details);
  const refused = !!serverErrors && Object.keys(serverErrors).length > 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t("billing.details.title")}
          </Typography>
          {complete && !editing && !refused ? (
            <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)} aria-label={t("billing.details.edit")}>
              {t("billing.details.editShort")}
            </Button>
          ) : null}
        </Box>
        {!data ? (
          <Loading />
        ) : editing || !complete || refused ? (
          <>
            {complete ? null : (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t("billing.details.needed")}
              </Alert>
            )}
            <BillingDetailsForm
              initial={details}
              serverErrors={serverErrors}
              onSaved={() => {
                setEditing(false);
                onSaved?.();
              }}
              onCancel={complete && editing ? () => setEditing(false) : undefined}
            />
          </>
        ) : (
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5, m: 0 }}>
            {DETAIL_FIELDS.map((field) => (
              <Box key={field} sx={{ display: "contents" }}>
                <Typography component="dt" color="text.secondary">
                  {t(`billing.details.${field}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
                  {details?.[field] || t("billing.details.emailDefault")}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
