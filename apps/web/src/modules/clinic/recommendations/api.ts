import type { Recommendation, RecommendationInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

export const RECOMMENDATIONS_KEY = "recommendations";
export const recommendationKey = (id: number) => ["recommendation", id] as const;

export const createRecommendation = (input: RecommendationInput) => post<Recommendation>("/api/recommendations/", input);
export const updateRecommendation = (id: number, input: RecommendationInput) => put<Recommendation>(`/api/recommendation/${id}`, input);
export const deleteRecommendation = (id: number) => del<null>(`/api/recommendation/${id}`);
