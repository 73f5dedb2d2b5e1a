import { type ForwardRefExoticComponent, type ForwardRefRenderFunction, forwardRef, type PropsWithoutRef, type RefAttributes } from "react";

/**
 * `forwardRef` with its `displayName`, in one call that callers mark `@__PURE__`. Both halves of
 * the usual `const X = forwardRef(…); X.displayName = …` are side effects to a bundler, which then
 * keeps X in the bundle of every host that reaches X's module, whether it renders X or not.
 */
export function namedForwardRef<Element, Props = object>(
  displayName: string,
  render: ForwardRefRenderFunction<Element, PropsWithoutRef<Props>>,
): ForwardRefExoticComponent<PropsWithoutRef<Props> & RefAttributes<Element>> {
  const component = forwardRef(render);
  component.displayName = displayName;
  return component;
}
