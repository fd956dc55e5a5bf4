export * from "./accounts";
export * from "./settings";
export * from "./audit";
export * from "./nodes";
export * from "./sessions";
export * from "./two-factor";
export * from "./catalog";
export * from "./commerce";
