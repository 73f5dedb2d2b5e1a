/**
 * "Show code" (docs pages and the Code panel) as a consumer writes it. A story's own source is
 * harness code — loaders that start an embedded gateway, play functions — which teaches nothing to
 * copy; these snippets show the same screen as app code, importing from `ask-user-kit`, with the
 * props the Controls currently set.
 */

/** Props as JSX attributes: strings quoted, numbers and booleans in braces, `undefined` left out. */
export function jsxAttributes(props: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || typeof value === "function") continue;
    if (value === true) parts.push(name);
    else if (typeof value === "string") parts.push(`${name}=${JSON.stringify(value)}`);
    else parts.push(`${name}={${JSON.stringify(value)}}`);
  }
  return parts.length === 0 ? "" : ` ${parts.join(" ")}`;
}

/** Only the keys of `args` that `keys` names, so one story's args split into provider and component props. */
export function pick<T extends Record<string, unknown>>(args: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([key]) => keys.includes(key)));
}

/** The provider props a story can set from Controls (`AskUserProvider`, not the component). */
export const PROVIDER_KEYS = ["locale", "messages", "viewSessionKey"] as const;

/**
 * `parameters.docs.source` for a story or meta whose "Show code" is `build(args)`. Write it as a
 * literal `docs: { source: consumerSource(...) }`: Storybook adds the JSDoc description to a meta's
 * `docs` key in place, and would replace a `docs` that came in through a spread.
 */
export function consumerSource(build: (args: Record<string, unknown>) => string) {
  return {
    language: "tsx",
    transform: (_code: string, context: { args?: Record<string, unknown> }) => build(context.args ?? {}),
  };
}

/** Whether the story's language is Vietnamese: the control's option (`"vi"`) or the catalogue it maps to. */
function isVietnamese(locale: unknown): boolean {
  return locale === "vi" || (typeof locale === "object" && locale !== null && (locale as { locale?: unknown }).locale === "vi");
}

/** `, vi` for a snippet's `ask-user-kit` import when the story is in Vietnamese: the provider takes the catalogue. */
export function localeImport(args: Record<string, unknown>): string {
  return isVietnamese(args.locale) ? ", vi" : "";
}

/** The provider line every snippet opens with: a client created inside the component tree. */
export function providerOpen(args: Record<string, unknown>): string {
  const { locale, ...rest } = pick(args, PROVIDER_KEYS);
  const language = isVietnamese(locale) ? " locale={vi}" : "";
  return `<AskUserProvider client={client}${language}${jsxAttributes(rest)}>`;
}
