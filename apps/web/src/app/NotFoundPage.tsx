import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ display: "grid", placeItems: "center", minHeight: "100vh", p: 3, textAlign: "center" }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t("shell.notFoundTitle")}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t("shell.notFound")}</Typography>
        <Button variant="contained" href="/">
          {t("shell.backHome")}
        </Button>
      </Box>
    </Box>
  );
}
