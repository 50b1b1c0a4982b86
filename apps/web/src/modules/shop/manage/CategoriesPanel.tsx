import type { ShopCategory, ShopStore } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { categoryScreen, deleteCategory, EVERY_MANAGE_LIST, SCREENS, withStore } from "./api.ts";
import { CategoryDialog } from "./CategoryDialog.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";

interface CategoriesPanelProps {
  store: ShopStore;
  categories: readonly ShopCategory[] | undefined;
  /** The category shown; null: all products. */
  chosen: number | null;
  canEdit: boolean;
}

/**
 * The store's categories with how many products each holds: each opens its products;
 * those who may add, rename and delete them here. On a phone it folds away under its title.
 */
export function CategoriesPanel({ store, categories, chosen, canEdit }: CategoriesPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  const navigate = useNavigate();
  const [editing, setEditing] = useState<ShopCategory | null>(null);
  const [adding, setAdding] = useState(false);
  const deletion = useDeleteConfirm<ShopCategory>({
    title: t("shopManage.categories.deleteTitle"),
    text: (category) => t("shopManage.categories.deleteText", { name: category.name, count: category.products }),
    run: (category) => deleteCategory(category.id),
    invalidate: [...EVERY_MANAGE_LIST],
    deleted: (category) => t("shopManage.categories.deleted", { name: category.name }),
    onDeleted: (category) => {
      if (category.id === chosen) navigate(withStore(SCREENS.products, store.id));
    },
  });
  const nextPosition = Math.max(-1, ...(categories ?? []).map((category) => category.position)) + 1;
  const link = (to: string, selected: boolean, primary: string, secondary?: string) => (
    <ListItemButton
      component={RouterLink}
      to={withStore(to, store.id)}
      selected={selected}
      aria-current={selected ? "page" : undefined}
      sx={{ pr: canEdit ? 11 : 2 }}
    >
      <ListItemText primary={primary} secondary={secondary} slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }} />
    </ListItemButton>
  );
  const list = (
    <>
      <List dense disablePadding aria-label={t("shopManage.categories.title")}>
        <ListItem disablePadding>{link(SCREENS.products, chosen === null, t("shopManage.categories.all"))}</ListItem>
        {categories?.map((category) => (
          <ListItem
            key={category.id}
            disablePadding
            secondaryAction={
              canEdit ? (
                <Stack direction="row">
                  <RowButton label={t("shopManage.categories.renameNamed", { name: category.name })} onClick={() => setEditing(category)}>
                    <EditOutlined fontSize="small" />
                  </RowButton>
                  <RowButton label={t("shopManage.categories.deleteNamed", { name: category.name })} onClick={() => deletion.ask(category)} color="error">
                    <DeleteOutline fontSize="small" />
                  </RowButton>
                </Stack>
              ) : undefined
            }
          >
            {link(categoryScreen(category.id), chosen === category.id, category.name, t("shopManage.categories.products", { count: category.products }))}
          </ListItem>
        ))}
      </List>
      {categories && categories.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t("shopManage.categories.empty")}
        </Typography>
      ) : null}
      {canEdit ? (
        <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          {t("shopManage.categories.add")}
        </Button>
      ) : null}
    </>
  );
  const frame = (content: ReactNode): ReactNode =>
    phone ? (
      // The summary is the section's heading (the accordion's heading slot), its button inside it.
      <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: "h2" } }}>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t("shopManage.categories.title")}
          </Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ px: 0.5 }}>{content}</AccordionDetails>
      </Accordion>
    ) : (
      <Card variant="outlined">
        <CardContent sx={{ px: 1 }}>
          <Typography component="h2" variant="h6" sx={{ px: 1, mb: 1 }}>
            {t("shopManage.categories.title")}
          </Typography>
          {content}
        </CardContent>
      </Card>
    );
  return (
    <Box>
      {frame(list)}
      <CategoryDialog
        open={adding || editing !== null}
        storeId={store.id}
        category={editing}
        nextPosition={nextPosition}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      {deletion.dialog}
    </Box>
  );
}
