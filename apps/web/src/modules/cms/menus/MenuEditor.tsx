import type { CmsMenuLocation, Language } from "@clinic/shared";
import Add from "@mui/icons-material/Add";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLeaveGuard } from "../../../lib/components/LeaveGuard.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { menuKey, saveMenu, useMenu } from "./api.ts";
import { MenuItemRow } from "./MenuItemRow.tsx";
import {
  dropOn,
  emptyItem,
  errorsByItem,
  itemsOf,
  type MenuItem,
  menuBody,
  move,
  navigationMessageKey,
  type Place,
  positionWords,
  removeAt,
  updateAt,
} from "./menu-items.ts";

interface MenuEditorProps {
  location: CmsMenuLocation;
  language: Language;
  /** Tells the page whether there are unsaved changes (its tabs ask before switching). */
  onDirty: (dirty: boolean) => void;
}

/** One menu's items, edited in place: typed, pointed, moved by drag or by keyboard, saved together. */
export function MenuEditor({ location, language, onDirty }: MenuEditorProps) {
  const { data } = useMenu(location, language);
  if (!data) return <Loading />;
  // Keyed by the saved time: a save answers the menu again and the editor starts from it.
  return (
    <MenuItemsEditor key={data.updatedAt ?? "new"} location={location} language={language} initial={itemsOf(data)} updated={data.updatedAt} onDirty={onDirty} />
  );
}

function MenuItemsEditor({ location, language, initial, updated, onDirty }: MenuEditorProps & { initial: MenuItem[]; updated: string | null }) {
  const { t } = useTranslation();
  const [items, setItemsState] = useState(initial);
  const [dirty, setDirtyState] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [errors, setErrors] = useState<{ byKey: Map<string, string[]>; other: string[] }>({ byKey: new Map(), other: [] });
  const dragged = useRef<Place | null>(null);
  const guard = useLeaveGuard(dirty);
  const setItems = (next: MenuItem[]) => {
    setItemsState(next);
    setDirtyState(true);
    onDirty(true);
  };
  const message = (text: string) => {
    const key = navigationMessageKey(text);
    return key ? t(`cmsMenus.messages.${key}`) : text;
  };
  const save = useAction(() => saveMenu(location, language, menuBody(items)), {
    invalidate: [menuKey(location, language)],
    success: t("cmsMenus.saved"),
    onSuccess: () => {
      guard.allowLeaving();
      setDirtyState(false);
      onDirty(false);
    },
    onFieldErrors: (fields) => {
      const found = errorsByItem(items, fields);
      setErrors({ byKey: new Map([...found.byKey].map(([key, texts]) => [key, texts.map(message)])), other: found.other.map(message) });
    },
  });

  const announce = (next: MenuItem[], place: Place) => {
    const item = positionWords(next, place);
    const name = (place.length === 1 ? next[place[0]] : next[place[0]]?.children[place[1]])?.label || t("cmsMenus.unnamed");
    setAnnouncement(
      item.parent === null
        ? t("cmsMenus.announceTop", { name, position: item.position, count: item.count })
        : t("cmsMenus.announceChild", { name, position: item.position, count: item.count, parent: item.parent }),
    );
  };
  const apply = (result: { items: MenuItem[]; place: Place } | null) => {
    if (!result) return;
    setItems(result.items);
    announce(result.items, result.place);
  };
  const dragHandlers = (place: Place) => ({
    onDragStart: (event: DragEvent) => {
      dragged.current = place;
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", place.join("."));
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged.current) apply(dropOn(items, dragged.current, place));
      dragged.current = null;
    },
    onDragEnd: () => {
      dragged.current = null;
    },
  });
  const row = (item: MenuItem, place: Place, children?: ReactNode) => (
    <MenuItemRow
      key={item.key}
      item={item}
      nested={place.length === 2}
      language={language}
      errors={errors.byKey.get(item.key) ?? []}
      moves={{
        up: !!move(items, place, "up"),
        down: !!move(items, place, "down"),
        indent: !!move(items, place, "indent"),
        outdent: !!move(items, place, "outdent"),
      }}
      onChange={(next) => setItems(updateAt(items, place, () => next))}
      onMove={(direction) => apply(move(items, place, direction))}
      onRemove={() => {
        setItems(removeAt(items, place));
        setAnnouncement(t("cmsMenus.announceRemoved", { name: item.label || t("cmsMenus.unnamed") }));
      }}
      drag={dragHandlers(place)}
    >
      {children}
    </MenuItemRow>
  );

  return (
    <Box>
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
        {announcement}
      </Box>
      {updated ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("cmsMenus.lastSaved", { when: formatDateTime(updated) })}
        </Typography>
      ) : null}
      {errors.other.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.other.join(" ")}
        </Alert>
      ) : null}
      {items.length === 0 ? <Typography sx={{ mb: 2 }}>{t("cmsMenus.empty")}</Typography> : null}
      <Box component="ol" aria-label={t(`cmsMenus.locations.${location}`)} sx={{ p: 0, m: 0 }}>
        {items.map((item, top) =>
          row(
            item,
            [top],
            item.children.length > 0 ? (
              <Box component="ol" aria-label={t("cmsMenus.childrenOf", { name: item.label || t("cmsMenus.unnamed") })} sx={{ p: 0, mt: 1, mb: 0 }}>
                {item.children.map((child, index) => row(child, [top, index]))}
              </Box>
            ) : undefined,
          ),
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button startIcon={<Add />} onClick={() => setItems([...items, emptyItem()])}>
          {t("cmsMenus.add")}
        </Button>
        <Button variant="contained" onClick={() => save.mutate(undefined)} disabled={save.isPending || !dirty}>
          {t("common.save")}
        </Button>
      </Stack>
      {guard.dialog}
    </Box>
  );
}
