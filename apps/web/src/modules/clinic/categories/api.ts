import type { Category, CategoryInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

export const CATEGORIES_KEY = "categories";
export const categoryKey = (id: number) => ["category", id] as const;

/** Spec §7's verbs: PUT creates, POST updates. */
export const createCategory = (input: CategoryInput) => put<Category>("/api/categories/", input);
export const updateCategory = (id: number, input: CategoryInput) => post<Category>(`/api/category/${id}`, input);
export const deleteCategory = (id: number) => del<null>(`/api/category/${id}`);
