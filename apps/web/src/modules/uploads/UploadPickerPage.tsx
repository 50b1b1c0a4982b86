import { Alert, Box, Container, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { answerOpener, PICKER_TYPES, type PickedUpload, type PickerType, UploadPicker } from "../../lib/components/UploadPicker.tsx";

/**
 * The upload picker of spec §2 (`/uploads/{type}/`), opened by the rich-text editor in a
 * popup: the choice goes back to the editor and the window closes. Opened on its own, it
 * still uploads and shows the address of what was chosen.
 */
export function UploadPickerPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [picked, setPicked] = useState<PickedUpload | null>(null);
  const supported = (PICKER_TYPES as readonly string[]).includes(type ?? "");

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t("uploads.title")}
      </Typography>
      {!supported ? (
        <Alert severity="warning">{t("uploads.unsupported", { type })}</Alert>
      ) : (
        <>
          {picked ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t("uploads.pickedStandalone", { url: picked.url })}
            </Alert>
          ) : null}
          <Box>
            <UploadPicker
              type={type as PickerType}
              onPick={(choice) => {
                if (!answerOpener(choice)) setPicked(choice);
              }}
            />
          </Box>
        </>
      )}
    </Container>
  );
}
