import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS, expectAccessible, menuRouteIds, settled, signIn } from "./fixtures.ts";

/**
 * The groups screen (issue 19.4). A menu lists its role's entries (spec §2) that the user's
 * codenames open, so a custom group shows what the role's own group does not grant: here the
 * clinic keeps statistics to senior therapists. The Therapist group loses view_statistics, a
 * custom group grants it, the demo therapist joins and sees Statistics in the menu; deleting the
 * group takes it away at the next request. The Therapist group's grants, the admin's language
 * and the group are put back in any case, so the later specs see the menus they expect.
 */
test("a custom group grants a codename and its member sees the new menu entry", async ({ page, request, baseURL }) => {
  // Three sign-ins and the screen in two languages: about 20 s on an idle machine, 57 s at a load of 10.
  test.setTimeout(120_000);
  const headers = { origin: baseURL ?? "" };
  const suffix = Date.now() % 100_000;
  const name = { en: `Senior therapists ${suffix}`, es: `Terapeutas sénior ${suffix}` };
  let groupId: number | null = null;
  // The admin's own calls for the clean-up, in a cookie jar of their own (the page changes hands).
  const { email, password } = DEMO_ACCOUNTS.admin;
  expect((await request.post("/api/auth/sign-in/email", { data: { email, password }, headers })).status()).toBe(200);
  const adminId = ((await (await request.get("/api/get-user-profile/")).json()) as { userId: string }).userId;
  const before = (await (await request.get("/api/groups/")).json()) as { groups: { id: number; permissions: string[] }[] };
  const therapistGrants = before.groups.find((group) => group.id === 3)?.permissions ?? [];
  expect(therapistGrants).toContain("view_statistics");
  await signIn(page, "admin");
  try {
    const withoutStatistics = therapistGrants.filter((codename) => codename !== "view_statistics");
    expect((await request.put("/api/groups/3/permissions", { data: { permissions: withoutStatistics }, headers })).status()).toBe(200);
    await page.goto("/manager/admin/groups");
    await expect(page.getByRole("tab", { name: /^Therapist \(\d+\)$/ })).toBeVisible();

    await page.getByRole("button", { name: "New group" }).click();
    const dialog = page.getByRole("dialog", { name: "New group" });
    await dialog.getByLabel("Name in English").fill(name.en);
    await dialog.getByLabel("Name in Spanish").fill(name.es);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`The group ${name.en} has been created`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("tab", { name: `${name.en} (0)`, selected: true })).toBeVisible();
    groupId = Number((await page.getByRole("tab", { selected: true }).getAttribute("id"))?.replace("group-tab-", ""));

    await page.getByRole("checkbox", { name: "view_statistics" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`The permissions of the ${name.en} group have been saved`)).toBeVisible();

    await page.getByRole("combobox", { name: "User to add" }).fill("therapist@example.com");
    await page.getByRole("option", { name: /therapist@example\.com/ }).click();
    await page.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByText(new RegExp(`has been added to ${name.en}`))).toBeVisible();
    const members = page.getByRole("list", { name: `Members of ${name.en}` });
    await expect(members.getByText(/therapist@example\.com · Therapist/)).toBeVisible();
    await expect(page.getByRole("tab", { name: `${name.en} (1)` })).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // The same screen in Spanish, the group under its Spanish name.
    expect((await request.post(`/api/language/${adminId}`, { data: { language: "es" }, headers })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grupos");
    await page.getByRole("tab", { name: `${name.es} (1)` }).click();
    await expect(page.getByText("Personalizado", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nuevo grupo" })).toBeVisible();
    await expect(page.getByRole("list", { name: `Miembros de ${name.es}` }).getByText(/therapist@example\.com · Terapeuta/)).toBeVisible();

    // The therapist signs in: the entry the group grants is in the menu.
    await page.context().clearCookies();
    await signIn(page, "therapist");
    expect(await menuRouteIds(page)).toContain("statistics");
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Statistics", exact: true })).toBeVisible();

    // The group deleted, the therapist's next request has no statistics.
    expect((await request.delete(`/api/groups/${groupId}`, { headers })).status()).toBe(204);
    groupId = null;
    await page.reload();
    await settled(page);
    expect(await menuRouteIds(page)).not.toContain("statistics");
  } finally {
    expect((await request.put("/api/groups/3/permissions", { data: { permissions: therapistGrants }, headers })).status()).toBe(200);
    expect((await request.post(`/api/language/${adminId}`, { data: { language: "en" }, headers })).status()).toBe(200);
    if (groupId) expect((await request.delete(`/api/groups/${groupId}`, { headers })).status()).toBe(204);
  }
});
