// Types for paths.mjs, which stays plain JavaScript so the system Node runs it without a build.
export declare const NODE_VERSION: string;
export declare const OPENCLAW_VERSION: string;
export declare const cacheDir: string;
export declare const nodePrefix: string;
export declare const nodeBinDir: string;
export declare const nodeBin: string;
export declare const openclawPrefix: string;
export declare const openclawDir: string;
export declare const openclawEntry: string;
