// Types for install.mjs, which stays plain JavaScript so the system Node runs it without a build.
/** Installs the pinned Node 24 and OpenClaw into the cache when missing (needs the npm registry). */
export declare function installOpenClaw(): void;
