import type { Activity, ActivityInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

export const ACTIVITIES_KEY = "activities";
export const activityKey = (id: number) => ["activity", id] as const;

export const createActivity = (input: ActivityInput) => post<Activity>("/api/activities/", input);
export const updateActivity = (id: number, input: ActivityInput) => put<Activity>(`/api/activity/${id}`, input);
export const deleteActivity = (id: number) => del<null>(`/api/activity/${id}`);
