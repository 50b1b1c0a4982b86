import { CHAT_FILTERS, type ChatConversation, type ChatFilter } from "@clinic/shared";
import { Box, Button, List, ListItemButton, ListItemText, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { useSettledText } from "../../../lib/debounce.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { INBOX_PAGE, useConversations } from "../api.ts";
import { listTime } from "../format.ts";
import { conversationScreen } from "../keys.ts";
import { ChannelIcon } from "./ChannelIcon.tsx";

const isFilter = (value: string | null): value is ChatFilter => (CHAT_FILTERS as readonly string[]).includes(value ?? "");

/** The inbox's filter and search, kept in the address so opening a conversation keeps them. */
export function useInboxQuery() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: ChatFilter = isFilter(raw) ? raw : "all";
  const q = params.get("q") ?? "";
  const change = (next: { filter?: ChatFilter; q?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.filter !== undefined) merged.set("filter", next.filter);
    if (next.q !== undefined) {
      if (next.q) merged.set("q", next.q);
      else merged.delete("q");
    }
    setParams(merged, { replace: true });
  };
  return { filter, q, change, search: params.toString() };
}

function ConversationItem({ conversation, selected, search }: { conversation: ChatConversation; selected: boolean; search: string }) {
  const { t } = useTranslation();
  const unread = conversation.unread > 0;
  const preview =
    conversation.lastDirection === "note" ? t("chat.list.notePreview", { text: conversation.lastMessagePreview }) : conversation.lastMessagePreview;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={`${conversationScreen(conversation.id)}${search ? `?${search}` : ""}`}
        selected={selected}
        aria-current={selected ? "page" : undefined}
        sx={{ alignItems: "flex-start", gap: 1 }}
      >
        <Box sx={{ pt: 0.5 }}>
          <ChannelIcon channel={conversation.channel} />
        </Box>
        <ListItemText
          primary={
            <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "baseline" }}>
              <Typography component="span" noWrap sx={{ fontWeight: unread ? 700 : 500 }}>
                {conversation.contactName}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                <time dateTime={conversation.lastMessageAt}>{listTime(conversation.lastMessageAt)}</time>
              </Typography>
            </Stack>
          }
          secondary={
            <Stack component="span" direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center" }}>
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography component="span" variant="body2" noWrap sx={{ display: "block", fontWeight: unread ? 600 : 400 }}>
                  {preview || "—"}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ display: "block" }}>
                  {conversation.assignee ? t("chat.list.assignedTo", { name: conversation.assignee.name }) : t("chat.list.unassigned")}
                </Typography>
              </Box>
              {unread ? (
                <>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      flexShrink: 0,
                      minWidth: 22,
                      height: 22,
                      px: 0.75,
                      borderRadius: 11,
                      bgcolor: "primary.main",
                      color: "primary.contrastText",
                      fontSize: 12,
                      fontWeight: 700,
                      display: "grid",
                      placeItems: "center",
                    }}
                  >
                    {conversation.unread > 99 ? "99+" : conversation.unread}
                  </Box>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t("chat.list.unread", { count: conversation.unread })}
                  </Box>
                </>
              ) : null}
            </Stack>
          }
          slotProps={{ secondary: { component: "span" } }}
        />
      </ListItemButton>
    </li>
  );
}

/** The inbox's left pane: the filter tabs, the search, the conversations by last activity. */
export function ConversationList({ selectedId }: { selectedId: number | null }) {
  const { t } = useTranslation();
  const query = useInboxQuery();
  const [text, setText] = useState(query.q);
  const settled = useSettledText(text, undefined, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the address.
  useEffect(() => {
    if (settled !== query.q) query.change({ q: settled });
  }, [settled]);
  const [size, setSize] = useState(INBOX_PAGE);
  const list = useConversations(query.filter, query.q, size);
  const rows = list.data?.data ?? [];
  return (
    <Stack sx={{ minHeight: 0, height: "100%" }}>
      <Tabs
        value={query.filter}
        onChange={(_, value: ChatFilter) => query.change({ filter: value })}
        variant="fullWidth"
        aria-label={t("chat.list.filters")}
        // Four tabs share the 360 px pane: in capitals "Unassigned" no longer fits its quarter.
        sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40, "& .MuiTab-root": { minHeight: 40, px: 1, minWidth: 0, textTransform: "none" } }}
      >
        {CHAT_FILTERS.map((filter) => (
          <Tab key={filter} value={filter} label={t(`chat.filters.${filter}`)} />
        ))}
      </Tabs>
      {/* The pane's width, whatever the field's own (it would overflow the 360 px pane). */}
      <Box sx={{ p: 1, "& .MuiTextField-root": { width: "100%" } }}>
        <SearchField label={t("chat.list.search")} value={text} onChange={setText} />
      </Box>
      <Box sx={{ flex: "1 1 auto", minHeight: 0, overflowY: "auto" }}>
        {list.isLoading ? <Loading /> : null}
        {list.network.error ? (
          <Typography color="error" sx={{ p: 2 }}>
            {t("chat.list.loadFailed")}
          </Typography>
        ) : null}
        {list.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {query.q ? t("chat.list.noMatch", { search: query.q }) : t("chat.list.empty")}
          </Typography>
        ) : null}
        <List disablePadding aria-label={t("chat.list.label")}>
          {rows.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} search={query.search} />
          ))}
        </List>
        {list.data && list.data.total > rows.length ? (
          <Box sx={{ textAlign: "center", p: 1 }}>
            <Button onClick={() => setSize((current) => Math.min(current + INBOX_PAGE, 100))} disabled={size >= 100}>
              {t("chat.list.more")}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}
