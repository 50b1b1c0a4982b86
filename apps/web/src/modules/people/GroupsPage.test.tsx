import type { Group, GroupMember, GroupsResponse, Paged } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../lib/test-render.tsx";
import { GROUPS_KEY } from "./api.ts";
import { GroupMembers } from "./GroupMembers.tsx";
import { GroupsPage } from "./GroupsPage.tsx";

/**
 * The groups screen rendered to HTML (the web project runs without a DOM) with its answers in
 * the query cache. The global i18next instance, as the screen reads group names in its language.
 */
beforeAll(() => initTestI18n(i18next));
afterEach(() => i18next.changeLanguage("en"));

const group = (id: number, en: string, es: string, builtin: boolean, memberCount: number, permissions: string[] = []): Group => ({
  id,
  name: { en, es },
  builtin,
  memberCount,
  permissions,
});
const groups: GroupsResponse = {
  groups: [group(1, "Patient", "Paciente", true, 3, ["is_patient"]), group(100, "Reception", "Recepción", false, 1, ["view_membership"])],
  modules: [{ module: "clinic", permissions: ["is_patient", "view_membership"] }],
};
const members: Paged<GroupMember> = {
  data: [{ id: "u1", email: "ana@example.com", nombres: "Ana", apellidos: "Paz", role: "therapist", isActive: true }],
  page: 1,
  total: 1,
};
const membersPath = (id: number) => `/api/groups/${id}/members?page=1&rowsPerPage=10`;

function render(element: React.ReactElement) {
  return renderHtml(element, {
    i18n: i18next,
    cache: [
      [[GROUPS_KEY], groups],
      [[GROUPS_KEY, 1, "members", membersPath(1)], members],
      [[GROUPS_KEY, 100, "members", membersPath(100)], members],
    ],
  });
}

describe("GroupsPage", () => {
  it("shows every group as a tab with its member count, and a built-in group without rename or delete", () => {
    const text = textOf(render(<GroupsPage />));
    expect(text).toContain("Patient (3)");
    expect(text).toContain("Reception (1)");
    expect(text).toContain("New group");
    expect(text).toContain("Built-in");
    expect(text).not.toContain("Rename");
    expect(text).not.toContain("Delete group");
    expect(text).toContain("Members (3)");
  });

  it("speaks Spanish, group names included", async () => {
    await i18next.changeLanguage("es");
    const text = textOf(render(<GroupsPage />));
    expect(text).toContain("Paciente (3)");
    expect(text).toContain("Recepción (1)");
    expect(text).toContain("Nuevo grupo");
    expect(text).toContain("Predefinido");
  });
});

describe("GroupMembers", () => {
  it("lets a custom group take and lose members", () => {
    const html = render(<GroupMembers group={groups.groups[1] as Group} />);
    expect(textOf(html)).toContain("User to add");
    expect(html).toContain('aria-label="Remove Ana Paz from the group"');
    expect(textOf(html)).toContain("ana@example.com · Therapist");
  });

  it("shows a built-in group's members read-only: their role is given with their account", () => {
    const html = render(<GroupMembers group={groups.groups[0] as Group} />);
    expect(textOf(html)).not.toContain("User to add");
    expect(html).not.toContain("Remove Ana Paz");
    expect(textOf(html)).toContain("Members hold this group as their role");
  });
});
