import { SECTION_TITLES, type SessionState } from "@clinic/shared";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n.ts";
import { menuFor } from "./menu.ts";
import { RouteIcon } from "./RouteIcon.tsx";
import { ShellDrawer } from "./ShellDrawer.tsx";

interface SideMenuProps {
  session: SessionState;
  /** Below the small breakpoint the menu is a drawer that opens over the page. */
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  /** In pixels: the theme's (lib/theme.ts sideMenuWidth). */
  width: number;
}

export function SideMenu({ session, mobile, open, onClose, width }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = currentLanguage();
  const sections = menuFor(session);

  const content = (
    <Box component="nav" aria-label={t("shell.mainMenu")} sx={{ overflowY: "auto" }}>
      <Toolbar sx={{ px: 2 }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: "primary.main" }}>
          {t("shell.brand")}
        </Typography>
      </Toolbar>
      <Divider />
      <List dense>
        {/* Home returns to the site root, which sends each role to its own home. */}
        <ListItem disablePadding>
          <ListItemButton component="a" href="/" onClick={onClose}>
            <ListItemIcon>
              <HomeOutlined />
            </ListItemIcon>
            <ListItemText primary={t("shell.home")} />
          </ListItemButton>
        </ListItem>
      </List>
      {sections.map(({ section, routes }) => (
        <Box key={section} component="section" aria-labelledby={`menu-section-${section}`}>
          <Typography
            id={`menu-section-${section}`}
            component="h2"
            variant="overline"
            sx={{ display: "block", px: 2, pt: 1.5, color: "text.secondary", lineHeight: 2 }}
          >
            {SECTION_TITLES[section][language]}
          </Typography>
          <List dense disablePadding>
            {routes.map((entry) => {
              const selected = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
              return (
                <ListItem key={entry.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={entry.path}
                    selected={selected}
                    aria-current={selected ? "page" : undefined}
                    onClick={onClose}
                    data-route={entry.id}
                  >
                    <ListItemIcon>
                      <RouteIcon routeId={entry.id} />
                    </ListItemIcon>
                    <ListItemText primary={entry.title[language]} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );

  return (
    <ShellDrawer mobile={mobile} open={open} onClose={onClose} width={width}>
      {content}
    </ShellDrawer>
  );
}
