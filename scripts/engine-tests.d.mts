export function engineMark(root: string, file: string, text: string): boolean;
export function reachesEngine(root: string, file: string, memo?: Map<string, boolean>): boolean;
export function testFiles(root: string): string[];
export function engineTestFiles(root: string, files?: string[]): string[];
