"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useAskUserContext, useSelection } from "../../react/index.js";
import { AlertIcon } from "./icons.js";
import { namedForwardRef } from "./named.js";

const PROBLEMS_NAME = "AskUser.Problems";

export interface AskUserProblemsProps extends ComponentPropsWithoutRef<"ul"> {}

/**
 * Things that went wrong out of sight — a record the gateway sent that cannot be shown, a list
 * that keeps failing, saved summaries that cannot be read or kept — worded by kind: a visible
 * error instead of an agent silently waiting for an answer nobody can give.
 */
export const AskUserProblems = /* @__PURE__ */ namedForwardRef<HTMLUListElement, AskUserProblemsProps>(
  PROBLEMS_NAME,
  function AskUserProblems(props, ref) {
    const { store, messages } = useAskUserContext(PROBLEMS_NAME);
    const problems = useSelection(store, (state) => state.problems);
    if (problems.length === 0) return null;
    return (
      <ul data-slot="ask-user-problems" data-count={problems.length} {...props} ref={ref}>
        {problems.map((problem, index) => (
          <li key={`${problem.atMs}-${index}`} data-slot="ask-user-problem" data-kind={problem.kind}>
            <AlertIcon />
            <span role="alert" data-slot="ask-user-problem-text">
              {messages.problemText(problem.kind, problem.detail)}
            </span>{" "}
            <button type="button" data-slot="ask-user-problem-dismiss" onClick={() => store.getState().dismissProblem(index)}>
              {messages.dismiss}
            </button>
          </li>
        ))}
      </ul>
    );
  },
);
