// Types for scripts/ci-timing.mjs (a plain script, so CI can run it before any TypeScript tooling).
export interface Phase { title: string; seconds: number; failed?: boolean; /** percent of all cores busy during the phase */ cpu?: number }
export interface CpuSample { busy: number; total: number }
export interface FileTime { file: string; seconds: number }
export function earlierPhases(spec: string | undefined): Phase[];
export function fmt(seconds: number): string;
export function phaseTable(phases: Phase[], wallSeconds?: number): string;
export function cpuSample(read?: () => string): CpuSample | undefined;
export function cpuBusyPercent(from: CpuSample | undefined, to: CpuSample | undefined): number | undefined;
export function vitestFileTimes(file: string): FileTime[];
export function playwrightFileTimes(file: string): FileTime[];
export function slowest(times: FileTime[], n?: number): FileTime[];
