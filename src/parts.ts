"use client";
/**
 * `ask-user-kit/parts` — the unstyled parts as top-level exports, Radix style:
 * `import * as AskUser from "ask-user-kit/parts"`, then `<AskUser.Root>`, `<AskUser.Option>`, …
 *
 * Why a separate entry: a React Server Component that imports a "use client" module gets one
 * client reference per *export*. The main entry's `AskUser` is a single export holding a namespace
 * object, so on the server `AskUser.Root` is a property of a reference, i.e. undefined. Here every
 * part is its own export, so each becomes its own client reference. The directive above is what
 * marks the module; the build keeps it at the top of dist/parts.js (test/package checks).
 *
 * Only re-exports of src/components/parts: the prop types stay on the main entry (`AskUserRootProps`…).
 */
export * from "./components/parts/index.js";
