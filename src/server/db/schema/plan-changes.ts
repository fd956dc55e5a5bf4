// Issue 28 (growth): tables of this area. Filled by the feature's work; exported from schema/index.ts.
export {};
