/**
 * The committed api-report.txt must match what the built entries export. A failure means the public
 * runtime surface changed: if that was meant, run `npm run api:report` and commit the file with the
 * change. The report is made by plain Node (not Vitest's module runner), as a consumer loads it.
 * Needs `npm run build` first.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

function currentReport(): Promise<string> {
  const tsx = join(root, "node_modules/tsx/dist/cli.mjs");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsx, "scripts/api-report.ts", "--stdout"], { cwd: root, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`scripts/api-report.ts failed:\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe("api-report.txt", () => {
  it("lists exactly the runtime exports of every built entry (update: `npm run api:report`)", async () => {
    const committed = readFileSync(join(root, "api-report.txt"), "utf8");
    const actual = await currentReport();
    // Compared line by line so a failure prints which names came or went.
    expect(actual.split("\n"), "the public surface changed: run `npm run api:report` and commit api-report.txt if that was meant").toEqual(
      committed.split("\n"),
    );
  }, 60_000);

  // 175 when set; issue 36 adds AskUserToolCallSummary, AskUserInbox and <ask-user-inbox> (in both element entries).
  it("holds at most 182 runtime names, each part under two names (`AskUser.X` and `ask-user-kit/parts` X), not three", () => {
    const committed = readFileSync(join(root, "api-report.txt"), "utf8");
    const total = Number(/^# (\d+) names over/m.exec(committed)?.[1]);
    expect(total).toBeLessThanOrEqual(182);
    const main = committed.slice(committed.indexOf("## ask-user-kit (dist/index.js"), committed.indexOf("## ask-user-kit/parts"));
    const parts = committed
      .slice(committed.indexOf("## ask-user-kit/parts"), committed.indexOf("## ask-user-kit/contract"))
      .split("\n")
      .slice(1)
      .filter(Boolean);
    expect(parts.length).toBeGreaterThan(30);
    for (const part of parts) {
      expect(main, `AskUser.${part}`).toMatch(new RegExp(`^AskUser\\.${part}$`, "m"));
      expect(main, `AskUser${part} is a third name for the part`).not.toMatch(new RegExp(`^AskUser${part}$`, "m"));
    }
  });

  it("leaves out the client's internals", () => {
    const committed = readFileSync(join(root, "api-report.txt"), "utf8");
    for (const internal of ["createBackoff", "DEFAULT_BACKOFF", "buildDeviceAuthPayload"])
      expect(committed).not.toMatch(new RegExp(`^${internal}$`, "m"));
  });
});
