// Types for control-ui-root.mjs, which stays plain JavaScript so the system Node runs it without a build.
export declare const adapterBuildDir: string;
export declare const controlUiRoot: string;
export declare function buildAdapter(options?: { log?: (line: string) => void }): Promise<void>;
export declare function withKitTags(html: string): string;
export declare function prepareControlUiRoot(options?: { log?: (line: string) => void }): string;
