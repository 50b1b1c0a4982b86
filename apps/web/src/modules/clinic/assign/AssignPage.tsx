import { routeById } from "@clinic/shared";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import CardMembershipOutlined from "@mui/icons-material/CardMembershipOutlined";
import RestaurantOutlined from "@mui/icons-material/RestaurantOutlined";
import TipsAndUpdatesOutlined from "@mui/icons-material/TipsAndUpdatesOutlined";
import { Box, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { isRouteVisible } from "@clinic/shared";
import { isBuilt } from "../../../lib/screen-ids.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useSignedIn, visibilityOf } from "../../../lib/session.ts";

/** The hub's cards, by route id: each shows only when its screen exists and the user may open it. */
const CARDS: { id: string; icon: ReactNode; text: string }[] = [
  { id: "assignActivity", icon: <AssignmentOutlined fontSize="large" />, text: "assign.activityText" },
  { id: "assignRecommendation", icon: <TipsAndUpdatesOutlined fontSize="large" />, text: "assign.recommendationText" },
  { id: "assignMembership", icon: <CardMembershipOutlined fontSize="large" />, text: "assign.membershipText" },
  { id: "nutritionPlans", icon: <RestaurantOutlined fontSize="large" />, text: "assign.nutritionText" },
];

/** `assign` (spec §2): where each kind of assignment starts. */
export function AssignPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const language = currentLanguage();
  const context = visibilityOf(session);
  const cards = CARDS.filter((card) => isBuilt(card.id) && isRouteVisible(routeById(card.id), context));
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("assign.intro")}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" } }}
      >
        {cards.map((card) => {
          const route = routeById(card.id);
          return (
            <Box component="li" key={card.id}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardActionArea component={RouterLink} to={route.path} sx={{ height: "100%", alignItems: "flex-start" }}>
                  <CardContent>
                    <Box sx={{ color: "primary.main", mb: 1 }} aria-hidden>
                      {card.icon}
                    </Box>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {route.title[language]}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(card.text)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
