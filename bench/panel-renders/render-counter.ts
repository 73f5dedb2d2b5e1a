/**
 * Counts which components React rendered in each commit, by name, through the hook React calls
 * for its DevTools (`__REACT_DEVTOOLS_GLOBAL_HOOK__`). `<Profiler>` cannot do this: its
 * `onRender` is a no-op in production builds and reports a subtree, not the components in it.
 * The hook works in production and development builds alike and sees every component of the
 * real `AskUserPanel` without wrapping any of them.
 *
 * Install it before `react-dom` is evaluated (React reads the hook once, when it loads).
 * Framework-free: it walks fibers as plain objects and imports nothing.
 */

/** One component that rendered in a commit. */
export interface RenderedComponent {
  name: string;
  /** First render of this component instance (it was not on screen before the commit). */
  mounted: boolean;
  /** The `promptId` prop when it has one: tells summary chips apart. */
  promptId?: string;
}

export interface RenderCounter {
  /** Whether React picked the hook up; false means it was installed after `react-dom` loaded. */
  readonly attached: boolean;
  /** Components rendered since the last `reset()`, one entry per render, in commit order. */
  readonly rendered: readonly RenderedComponent[];
  /** Commits since the last `reset()`. */
  readonly commits: number;
  reset(): void;
  /** Off: commits are not walked (so timings measure React, not the counter). */
  enabled: boolean;
}

interface Fiber {
  tag: number;
  flags: number;
  type: unknown;
  elementType: unknown;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}

// React's work tags and the flag a component fiber gets when its function actually ran.
const FUNCTION_COMPONENT = 0;
const CLASS_COMPONENT = 1;
const FORWARD_REF = 11;
const SIMPLE_MEMO_COMPONENT = 15;
const COMPONENT_TAGS = new Set([FUNCTION_COMPONENT, CLASS_COMPONENT, FORWARD_REF, SIMPLE_MEMO_COMPONENT]);
const PERFORMED_WORK = 0b1;

type Named = { displayName?: unknown; name?: unknown; render?: Named } | null | undefined;

function nameOf(fiber: Fiber): string {
  for (const candidate of [fiber.elementType as Named, fiber.type as Named]) {
    if (typeof candidate?.displayName === "string") return candidate.displayName;
    if (typeof candidate?.render?.displayName === "string") return candidate.render.displayName;
    if (typeof candidate?.render?.name === "string" && candidate.render.name !== "") return candidate.render.name;
    if (typeof candidate?.name === "string" && candidate.name !== "") return candidate.name;
  }
  return "Anonymous";
}

function describe(fiber: Fiber, mounted: boolean): RenderedComponent {
  const props = fiber.memoizedProps as { promptId?: unknown } | null;
  const promptId = typeof props?.promptId === "string" ? props.promptId : undefined;
  return promptId === undefined ? { name: nameOf(fiber), mounted } : { name: nameOf(fiber), mounted, promptId };
}

function mountedSubtree(fiber: Fiber, into: RenderedComponent[]): void {
  if (COMPONENT_TAGS.has(fiber.tag)) into.push(describe(fiber, true));
  for (let child = fiber.child; child; child = child.sibling) mountedSubtree(child, into);
}

/**
 * The same rule React DevTools uses: children whose list was not cloned in this render were not
 * visited (their flags are left over from an older commit); a cloned fiber that ran its function
 * carries PerformedWork; a fiber without an alternate is new.
 */
function updatedSubtree(next: Fiber, previous: Fiber, into: RenderedComponent[]): void {
  if (COMPONENT_TAGS.has(next.tag) && (next.flags & PERFORMED_WORK) !== 0) into.push(describe(next, false));
  if (next.child === previous.child) return;
  for (let child = next.child; child; child = child.sibling) {
    if (child.alternate === null) mountedSubtree(child, into);
    else updatedSubtree(child, child.alternate, into);
  }
}

interface DevtoolsHook {
  supportsFiber: true;
  renderers: Map<number, unknown>;
  inject(renderer: unknown): number;
  onCommitFiberRoot(rendererId: number, root: { current: Fiber }): void;
  onCommitFiberUnmount(): void;
  onPostCommitFiberRoot(): void;
  checkDCE(): void;
}

export function installRenderCounter(): RenderCounter {
  const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevtoolsHook };
  if (global.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
    throw new Error("installRenderCounter: a React DevTools hook is already installed; install the counter once, before react-dom loads.");
  }
  let attached = false;
  let rendered: RenderedComponent[] = [];
  let commits = 0;
  const counter: RenderCounter = {
    get attached() {
      return attached;
    },
    get rendered() {
      return rendered;
    },
    get commits() {
      return commits;
    },
    reset() {
      rendered = [];
      commits = 0;
    },
    enabled: true,
  };
  global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      attached = true;
      this.renderers.set(this.renderers.size + 1, renderer);
      return this.renderers.size;
    },
    onCommitFiberRoot(_rendererId, root) {
      if (!counter.enabled) return;
      commits += 1;
      const current = root.current;
      if (current.alternate) updatedSubtree(current, current.alternate, rendered);
      else mountedSubtree(current, rendered);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  return counter;
}

/** `{ name: count }`, for printing and for assertions that name the component. */
export function tally(rendered: readonly RenderedComponent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { name } of rendered) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
