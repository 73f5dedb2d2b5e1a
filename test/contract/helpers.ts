import type { ContractError, ContractResult } from "../../src/contract/index.js";

/** A valid one-question `ask_user` input; `patch` edits a copy of it. */
export function validInput(patch: (input: { questions: Record<string, unknown>[]; [key: string]: unknown }) => void = () => {}) {
  const input: { questions: Record<string, unknown>[]; [key: string]: unknown } = {
    questions: [
      {
        id: "env",
        header: "Environment",
        question: "Where should this deploy?",
        options: [{ label: "Production (Recommended)", description: "Live traffic" }, { label: "Staging" }],
      },
    ],
  };
  patch(input);
  return input;
}

/** A second valid question, for multi-question inputs. */
export function secondQuestion(id = "mode"): Record<string, unknown> {
  return { id, header: "Mode", question: "How should it roll out?", options: [{ label: "Fast" }, { label: "Safe" }] };
}

/** `[path, code]` pairs: what the tables assert, leaving wording to the message checks. */
export function problems(result: { ok: boolean; errors?: ContractError[] }): [string, string][] {
  return result.ok ? [] : (result.errors ?? []).map((error) => [error.path, error.code]);
}

export function errorsOf<T>(result: ContractResult<T> | { ok: false; errors: ContractError[] } | { ok: true }): ContractError[] {
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return (result as { errors: ContractError[] }).errors;
}

export function valueOf<T>(result: ContractResult<T>): T {
  if (!result.ok) throw new Error(`expected a value, got ${JSON.stringify(result.errors)}`);
  return result.value;
}
