/**
 * Every demo run the server knows, kept up to date: listed once when the page loads (a reload
 * keeps the conversation), looked up when a question of an unknown run arrives (a run another
 * client started), and each waiting run followed with one long poll at a time until its tool call
 * returns. Held above the session view, so switching sessions starts no second poll.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useAskUserStore } from "../../src/index.js";
import type { DemoRun } from "../api-types.js";
import { getRun, listRuns, waitForRun } from "./api.js";

const RETRY_MS = 2_000;

export interface Runs {
  /** By run id. */
  runs: Readonly<Record<string, DemoRun>>;
  /** The server's list has been read (or could not be): until then a chip cannot tell whose it is. */
  loaded: boolean;
  /** Why the earlier runs could not be listed, if they could not. */
  loadError: string | null;
  /** Adds a run (a new one, or one listed) and follows it while it waits. */
  track(run: DemoRun): void;
}

export function useRuns(): Runs {
  const store = useAskUserStore();
  const [runs, setRuns] = useState<Record<string, DemoRun>>({});
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  // StrictMode runs the effects twice: one poll loop and one look-up per run all the same.
  const following = useRef(new Set<string>());
  const lookedUp = useRef(new Set<string>());

  const track = useCallback((run: DemoRun) => {
    lookedUp.current.add(run.runId);
    setRuns((current) => ({ ...current, [run.runId]: run }));
    if (run.status !== "waiting" || following.current.has(run.runId)) return;
    following.current.add(run.runId);
    void (async () => {
      for (;;) {
        try {
          const latest = await waitForRun(run.runId);
          setRuns((current) => ({ ...current, [latest.runId]: latest }));
          if (latest.status !== "waiting") break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
      following.current.delete(run.runId);
    })();
  }, []);

  useEffect(() => {
    listRuns()
      .then(
        (existing) => existing.forEach(track),
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setLoaded(true));
  }, [track]);

  useEffect(() => {
    const lookUpNewRuns = () => {
      for (const { record } of Object.values(store.getState().prompts)) {
        const runId = record.runId;
        if (runId === undefined || lookedUp.current.has(runId)) continue;
        lookedUp.current.add(runId);
        getRun(runId).then(
          (run) => run && track(run),
          // Not a demo run's, or the server is away: the question's chip stands on its own.
          () => {},
        );
      }
    };
    lookUpNewRuns();
    return store.subscribe((state, previous) => {
      if (state.prompts !== previous.prompts) lookUpNewRuns();
    });
  }, [store, track]);

  return { runs, loaded, loadError, track };
}
