import { CATALOGUE, FAMILIES, type Family } from "@clinic/games";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { Box, Button, Card, CardActions, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { BuildFacts } from "./BuildFacts.tsx";
import { previewPath } from "./paths.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

/**
 * Every build of the games catalogue by family, to read about and try before making an
 * activity of one. A preview opens in a tab of its own (a full page load: game pages are
 * served cross-origin isolated).
 */
export function GamesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [family, setFamily] = useState<Family | "">("");
  const language = currentLanguage();
  const needle = search.trim().toLocaleLowerCase(language);
  const builds = CATALOGUE.filter(
    (build) =>
      (!family || build.family === family) &&
      (!needle || `${build.title[language]} ${build.instructions[language]} ${build.id}`.toLocaleLowerCase(language).includes(needle)),
  );
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t("games.catalogueIntro", { count: CATALOGUE.length })}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SearchField label={t("games.search")} value={search} onChange={setSearch} />
        <TextField
          select
          size="small"
          label={t("games.family")}
          value={family}
          onChange={(event) => setFamily(event.target.value as Family | "")}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("games.allFamilies")}</MenuItem>
          {FAMILIES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`games.families.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {builds.length === 0 ? <Typography>{emptyListText(t, search, "games.noBuilds", "games.noMatch")}</Typography> : null}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr", xl: "1fr 1fr 1fr" } }}>
        {builds.map((build) => (
          <Card key={build.id} variant="outlined" component="article" aria-labelledby={`build-${build.id}`} data-testid="game-build">
            <CardContent sx={{ pb: 1 }}>
              <Typography id={`build-${build.id}`} variant="h6" component="h2" gutterBottom>
                {build.title[language]}
              </Typography>
              <BuildFacts build={build} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {build.instructions[language]}
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                href={previewPath(build.id)}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNew />}
                aria-label={t("games.previewNamed", { name: build.title[language] })}
              >
                {t("games.preview")}
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ ml: "auto", fontFamily: "monospace" }}>
                {build.id}
              </Typography>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
