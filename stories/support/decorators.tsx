import type { Decorator } from "@storybook/react-vite";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AskUserProvider, type AskUserProviderProps } from "../../src/index.js";
import type { StoryKit } from "./story-kit.js";

/** `parameters.theme` or the `theme` arg: the kit's theme, light or dark, or none at all (the unstyled parts). */
export type StoryTheme = "light" | "dark" | "none";

/** `parameters.askUser`: provider props a story sets (locale, messages, session on screen). */
export type StoryProviderProps = Pick<AskUserProviderProps, "locale" | "messages" | "viewSessionKey">;

/** The theme sources, in the order `ask-user-kit/styles.css` joins them (vite.config.ts). */
const THEME_ORDER = ["tokens.css", "panel.css", "summary.css", "cards.css", "inbox.css"];
const themeUrls = import.meta.glob<string>("../../src/theme/*.css", { query: "?url", import: "default", eager: true });
const THEME_FILES = Object.entries(themeUrls)
  .sort(([a], [b]) => rank(a) - rank(b))
  .map(([, url]) => url);

function rank(path: string): number {
  const index = THEME_ORDER.findIndex((name) => path.endsWith(`/${name}`));
  return index < 0 ? THEME_ORDER.length : index;
}

/**
 * The theme as `<link>`s that live only while the story is mounted, so an unthemed story really
 * has no kit CSS (a global import would stay for every later story). The story renders once every
 * sheet has loaded, so colours and layout are final when `play` and axe look at it.
 */
function ThemeLinks({ theme, children }: { theme: StoryTheme; children: ReactNode }) {
  const [loaded, setLoaded] = useState(0);
  if (theme === "none") return <>{children}</>;
  const ready = loaded >= THEME_FILES.length;
  return (
    <>
      {THEME_FILES.map((href) => (
        <link
          key={href}
          rel="stylesheet"
          href={href}
          onLoad={() => setLoaded((count) => count + 1)}
          onError={() => setLoaded((count) => count + 1)}
        />
      ))}
      <div data-theme={theme} className="story-surface" data-surface={theme}>
        {ready ? children : null}
      </div>
    </>
  );
}

export const withTheme: Decorator = (Story, context) => {
  // A `theme` arg (the Controls) wins over the story's `parameters.theme`.
  const theme = (context.args.theme as StoryTheme | undefined) ?? (context.parameters.theme as StoryTheme | undefined) ?? "light";
  return (
    <ThemeLinks theme={theme}>
      <Story />
    </ThemeLinks>
  );
};

function KitProvider({ kit, props, children }: { kit: StoryKit; props: StoryProviderProps; children: ReactNode }) {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    kit.afterMount?.(kit);
  }, [kit]);
  return (
    <AskUserProvider store={kit.store} {...props}>
      {children}
    </AskUserProvider>
  );
}

/**
 * Provider props set from Controls: a story's args named like `AskUserProvider`'s props (`locale`,
 * `messages`, `viewSessionKey`) go to the provider, so a docs page can switch the language.
 */
function providerArgs(args: Record<string, unknown>): StoryProviderProps {
  const props: StoryProviderProps = {};
  if (args.locale !== undefined) props.locale = args.locale as StoryProviderProps["locale"];
  if (args.messages !== undefined) props.messages = args.messages as StoryProviderProps["messages"];
  if (args.viewSessionKey !== undefined) props.viewSessionKey = args.viewSessionKey as StoryProviderProps["viewSessionKey"];
  return props;
}

/**
 * Mounts the provider on the story's kit (see `story-kit.ts`); stories without a kit render bare.
 * `parameters.askUser` sets provider props for a story; args of the same names win.
 */
export const withAskUser: Decorator = (Story, context) => {
  const kit = context.loaded.kit as StoryKit | undefined;
  if (!kit) return <Story />;
  const props = { ...((context.parameters.askUser as StoryProviderProps | undefined) ?? {}), ...providerArgs(context.args) };
  return (
    <KitProvider kit={kit} props={props}>
      <Story />
    </KitProvider>
  );
};
