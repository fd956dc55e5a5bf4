// Types for scripts/ci-timing.mjs (a plain script, so CI can run it before any TypeScript tooling).
export interface Phase { title: string; seconds: number; failed?: boolean }
export interface FileTime { file: string; seconds: number }
export function earlierPhases(spec: string | undefined): Phase[];
export function fmt(seconds: number): string;
export function phaseTable(phases: Phase[]): string;
export function vitestFileTimes(file: string): FileTime[];
export function playwrightFileTimes(file: string): FileTime[];
export function slowest(times: FileTime[], n?: number): FileTime[];
