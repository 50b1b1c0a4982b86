/** Game pages, reached by full page loads: they are served cross-origin isolated (see GAME_PAGE_PREFIXES). */
export const previewPath = (buildId: string) => `/manager/admin/games/${buildId}`;
export const playPath = (assignmentId: number) => `/manager/patient/play/${assignmentId}`;
