import { createContext, useContext } from "react";

/** What every editor in the builder reads: suggestions from the team's data, and errors by field name. */
export type BuilderData = {
  eventNames: string[];
  attributeKeys: string[];
  propertyKeys: string[];
  segments: { id: string; name: string }[];
  campaigns: { id: string; name: string }[];
};

export type BuilderContextValue = BuilderData & { errors: Record<string, string[]> };

export const BuilderContext = createContext<BuilderContextValue>({
  eventNames: [],
  attributeKeys: [],
  propertyKeys: [],
  segments: [],
  campaigns: [],
  errors: {},
});

export function useBuilder(): BuilderContextValue {
  return useContext(BuilderContext);
}

export const DATALISTS = {
  events: "filter-event-names",
  attributes: "filter-attribute-keys",
  properties: "filter-property-keys",
} as const;
