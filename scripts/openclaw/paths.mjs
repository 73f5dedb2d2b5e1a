// Where the pinned Node 24 and OpenClaw live: a cache outside the repo, shared by every script.
import { homedir } from "node:os";
import { join } from "node:path";

export const NODE_VERSION = "24.21.0";
export const OPENCLAW_VERSION = "2026.9.6";

export const cacheDir = process.env.ASK_USER_KIT_CACHE || join(homedir(), ".cache", "ask-user-kit");
export const nodePrefix = join(cacheDir, "node24");
export const nodeBinDir = join(nodePrefix, "node_modules", "node", "bin");
export const nodeBin = join(nodeBinDir, "node");
export const openclawPrefix = join(cacheDir, `openclaw-${OPENCLAW_VERSION}`);
export const openclawDir = join(openclawPrefix, "node_modules", "openclaw");
export const openclawEntry = join(openclawDir, "openclaw.mjs");
