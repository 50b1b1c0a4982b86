import { type Language, type SessionState, THEMES, type ThemeName } from "@clinic/shared";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { post, put } from "../../lib/api.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { useAction } from "../../lib/resource.ts";
import { SESSION_KEY, useSignedIn } from "../../lib/session.ts";

/** Saves the user's shell theme (spec §9) to their account. */
export const saveTheme = (userId: string, theme: ThemeName) => put<{ theme: ThemeName }>(`/api/theme/${userId}`, { theme });

/** The saved theme put into the session the shell reads, so it shows at once, before the session is read again. */
export function applyTheme(client: QueryClient, theme: ThemeName): void {
  client.setQueryData<SessionState>(SESSION_KEY, (session) => (session ? { ...session, userData: { ...session.userData, theme } } : session));
}

/** The theme choice (spec §9): the secondary theme widens the side menu; each option says what it does. */
function ThemeCard({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const labelId = useId();
  const [theme, setTheme] = useState<ThemeName>(session.userData.theme ?? "primary");
  const save = useAction((value: ThemeName) => saveTheme(session.userId, value), {
    onSuccess: (result) => applyTheme(client, result.theme),
    invalidate: [SESSION_KEY],
    success: t("accounts.theme.saved"),
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardHeader title={t("accounts.theme.title")} subheader={t("accounts.theme.hint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        {/* Applied and saved as it is chosen, like a theme switch anywhere: one Save on the screen stays the language's. */}
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id={labelId}>{t("accounts.theme.label")}</FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              name="theme"
              value={theme}
              onChange={(event) => {
                const chosen = event.target.value as ThemeName;
                setTheme(chosen);
                save.mutate(chosen);
              }}
            >
              {THEMES.map((name) => (
                <FormControlLabel
                  key={name}
                  value={name}
                  control={<Radio disabled={save.isPending} />}
                  sx={{ alignItems: "flex-start", mt: 1, "& .MuiRadio-root": { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: "block" }}>
                        {t(`accounts.theme.${name}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                        {t(`accounts.theme.${name}Hint`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Spec §2 config screen: the interface language and the shell's theme, each saved to the account. */
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
    <Stack spacing={3}>
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
      <ThemeCard session={session} />
    </Stack>
  );
}
