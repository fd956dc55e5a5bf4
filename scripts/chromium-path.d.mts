export declare const DEFAULT_CHROMIUM: string;
export declare function chromiumPath(): string;
