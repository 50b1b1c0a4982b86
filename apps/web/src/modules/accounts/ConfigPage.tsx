import type { Language } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../lib/api.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { useAction } from "../../lib/resource.ts";
import { SESSION_KEY, useSignedIn } from "../../lib/session.ts";

/** Spec §2 config screen: change the interface language and save it to the account. */
export function ConfigPage() {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const [language, setChoice] = useState<Language>(session.userData.language);
  const save = useAction((value: Language) => post<{ language: Language }>(`/api/language/${session.userId}`, { language: value }), {
    invalidate: [SESSION_KEY, ["userProfile"]],
    onSuccess: async (result) => {
      await setLanguage(result.language);
    },
    // Worded before onSuccess switches the language: in the language just chosen.
    success: (result) => i18n.t("accounts.config.saved", { lng: result.language }),
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardHeader title={t("accounts.config.title")} subheader={t("accounts.config.hint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(language);
          }}
        >
          <TextField select label={t("accounts.language")} value={language} onChange={(event) => setChoice(event.target.value as Language)}>
            <MenuItem value="en">{t("accounts.languages.en")}</MenuItem>
            <MenuItem value="es">{t("accounts.languages.es")}</MenuItem>
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t("common.save")}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
