export * from "./accounts";
export * from "./settings";
export * from "./audit";
export * from "./nodes";
