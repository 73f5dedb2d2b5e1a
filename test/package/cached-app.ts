// The consumer tests' app folders kept outside the repo ($ASK_USER_KIT_CACHE, default
// ~/.cache/ask-user-kit): one per set of versions, reinstalled only when the packed tarball
// changes, and taken in turns by the runs sharing it (several checkouts on one machine).
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Run } from "./timed-steps.js";

export const cacheRoot = process.env.ASK_USER_KIT_CACHE || join(homedir(), ".cache/ask-user-kit");

/** `<cache>/<name>-<hash of the versions>`: new versions get a new folder. */
export function cachedAppFolder(name: string, versions: Record<string, string>): string {
  const hash = createHash("sha256").update(JSON.stringify(versions)).digest("hex").slice(0, 12);
  return join(cacheRoot, `${name}-${hash}`);
}

export interface CachedInstall {
  app: string;
  /** The app's package.json name. */
  name: string;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  run: (command: string, args: string[], cwd: string) => Promise<Run>;
}

/**
 * Installs the dependencies and the tarball unless the folder already holds exactly this tarball.
 * The tarball is copied in under its hash, so a new one changes one dependency spec and
 * `npm install` swaps only that package.
 */
export async function installCached(tarball: string, options: CachedInstall): Promise<{ reused: boolean }> {
  const { app } = options;
  const tarballHash = createHash("sha256").update(readFileSync(tarball)).digest("hex").slice(0, 16);
  const tarballName = `ask-user-kit-${tarballHash}.tgz`;
  const packageJson = `${JSON.stringify(
    {
      name: options.name,
      private: true,
      type: "module",
      dependencies: { "ask-user-kit": `file:./${tarballName}`, ...options.dependencies },
      ...(options.devDependencies ? { devDependencies: options.devDependencies } : {}),
    },
    null,
    2,
  )}\n`;
  const marker = join(app, ".installed-package.json");
  const names = ["ask-user-kit", ...Object.keys(options.dependencies), ...Object.keys(options.devDependencies ?? {})];
  const complete = names.every((name) => existsSync(join(app, "node_modules", name, "package.json")));
  if (complete && existsSync(join(app, tarballName)) && existsSync(marker) && readFileSync(marker, "utf8") === packageJson) return { reused: true };

  mkdirSync(app, { recursive: true });
  for (const old of readdirSync(app)) if (/^ask-user-kit-.*\.tgz$/.test(old) && old !== tarballName) rmSync(join(app, old));
  copyFileSync(tarball, join(app, tarballName));
  writeFileSync(join(app, "package.json"), packageJson);
  rmSync(marker, { force: true });
  await options.run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], app);
  writeFileSync(marker, packageJson);
  return { reused: false };
}

/**
 * Takes an app folder for this run: a lock file made with O_EXCL holds the owner's PID. Waits while
 * a live process holds it; takes over a lock whose owner is gone (a run that was killed). Returns
 * the release.
 */
export async function lockFolder(folder: string, waitMs: number): Promise<() => void> {
  const lock = `${folder}.lock`;
  mkdirSync(join(folder, ".."), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner: number;
    try {
      owner = Number(readFileSync(lock, "utf8"));
    } catch {
      continue; // released just now: try again
    }
    // An empty file is a lock being written this instant: its owner is alive.
    if (owner > 0 && !alive(owner)) rmSync(lock, { force: true });
    else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${owner} for over ${waitMs / 1000} s: is another test run stuck?`);
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The app's files from a template folder: `x.tsx.tpl` becomes `x.tsx`; `clear` folders go first. */
export function writeTemplate(template: string, app: string, clear: string[]): void {
  for (const folder of clear) rmSync(join(app, folder), { recursive: true, force: true });
  for (const entry of readdirSync(template, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = join(entry.parentPath, entry.name);
    const to = join(app, from.slice(template.length + 1).replace(/\.tpl$/, ""));
    mkdirSync(join(to, ".."), { recursive: true });
    copyFileSync(from, to);
  }
}
