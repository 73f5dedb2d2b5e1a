"use client";
/**
 * What `asChild` renders: the part's props and ref put onto the one element the host passed as
 * children, so `<AskUser.Submit asChild><MyButton /></AskUser.Submit>` is the host's own button
 * with the part's behaviour, state attributes and label rules. The child's props win; its event
 * handlers run first (and `preventDefault()` in one skips the part's), classes and styles merge.
 */
import {
  Children,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  cloneElement,
  forwardRef,
  isValidElement,
  version,
} from "react";
import { composeHandlers, useMergedRefs } from "./scope.js";

interface SlotProps extends Record<string, unknown> {
  /** The part's name, for the error when the child is not one element. */
  part: string;
  children?: ReactNode;
}

type Props = Record<string, unknown>;
type Handler = (event: SyntheticEvent) => void;

/** React 19 keeps an element's ref in its props; React 18 on the element (where 19 warns). */
const refInProps = Number(version.split(".")[0]) >= 19;

const Slot = forwardRef<HTMLElement, SlotProps>(function Slot({ part, children, ...slotProps }, ref) {
  const child = onlyElement(children as ReactNode);
  if (!child) throw new Error(`\`${part}\` with \`asChild\` needs exactly one React element as its child.`);
  const childRef = (refInProps ? child.props.ref : (child as unknown as { ref?: Ref<HTMLElement> }).ref) as Ref<HTMLElement> | undefined;
  const mergedRef = useMergedRefs(ref, childRef);
  return cloneElement(child, { ...mergeProps(slotProps, child.props), ref: mergedRef });
});

const LAZY = Symbol.for("react.lazy");

/**
 * The one element in `children`. A Server Component's child reaches a client component through
 * React Flight as a lazy reference (always under `next dev`), which `isValidElement` rejects;
 * React 19's `Children.toArray` resolves lazy nodes, suspending while one is still loading. Only
 * such children take that path, so every other child keeps its own key.
 */
function onlyElement(children: ReactNode): ReactElement<Props> | null {
  if (isValidElement<Props>(children)) return children;
  if (typeof children !== "object" || children === null || (children as { $$typeof?: unknown }).$$typeof !== LAZY) return null;
  const resolved = Children.toArray(children);
  return resolved.length === 1 && isValidElement<Props>(resolved[0]) ? resolved[0] : null;
}

/**
 * The element a part renders: its own `tag`, or with `asChild` a slot named after the part. Typed
 * as the tag because the slot passes every prop of it through to the host's child.
 */
export function elementOrSlot<Tag extends "button" | "section">(part: string, tag: Tag) {
  const PartSlot = forwardRef<HTMLElement, Omit<SlotProps, "part">>(function PartSlot(props, ref) {
    return <Slot {...props} part={part} ref={ref} />;
  });
  PartSlot.displayName = `${part}.Slot`;
  return (asChild: boolean | undefined) => (asChild ? PartSlot : tag) as Tag;
}

function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const key of Object.keys(slot)) {
    const ours = slot[key];
    const theirs = child[key];
    if (/^on[A-Z]/.test(key) && typeof ours === "function" && typeof theirs === "function") {
      merged[key] = composeHandlers(theirs as Handler, ours as Handler);
    } else if (key === "className" && typeof ours === "string" && typeof theirs === "string") {
      merged[key] = `${ours} ${theirs}`;
    } else if (key === "style" && ours && theirs) {
      merged[key] = { ...(ours as CSSProperties), ...(theirs as CSSProperties) };
    }
  }
  return merged;
}
