"use client";
/**
 * What `asChild` renders: the part's props and ref put onto the one element the host passed as
 * children, so `<AskUser.Submit asChild><MyButton /></AskUser.Submit>` is the host's own button
 * with the part's behaviour, state attributes and label rules. The child's props win; its event
 * handlers run first (and `preventDefault()` in one skips the part's), classes and styles merge.
 */
import { type CSSProperties, type ReactNode, type Ref, type SyntheticEvent, cloneElement, forwardRef, isValidElement, version } from "react";
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
  if (!isValidElement<Props>(children)) throw new Error(`\`${part}\` with \`asChild\` needs exactly one React element as its child.`);
  const childRef = (refInProps ? children.props.ref : (children as unknown as { ref?: Ref<HTMLElement> }).ref) as Ref<HTMLElement> | undefined;
  const mergedRef = useMergedRefs(ref, childRef);
  return cloneElement(children, { ...mergeProps(slotProps, children.props), ref: mergedRef });
});

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
