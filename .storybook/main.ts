import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";
import remarkGfm from "remark-gfm";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The package's own entries, for Storybook only: stories import `ask-user-kit` and
 * `ask-user-kit/parts` as a consumer would, so "Show code" is copyable, and the import lands in
 * the TypeScript sources (no build needed). The subpaths come first: an alias matches by prefix.
 * tsconfig.json has the same mapping under `paths` for the type checker.
 */
const packageAliases = [
  { find: /^ask-user-kit\/parts$/, replacement: here("../src/parts.ts") },
  { find: /^ask-user-kit\/contract$/, replacement: here("../src/contract/index.ts") },
  { find: /^ask-user-kit\/client$/, replacement: here("../src/client/index.ts") },
  { find: /^ask-user-kit\/store$/, replacement: here("../src/store/index.ts") },
  { find: /^ask-user-kit\/bridge$/, replacement: here("../src/bridge/index.ts") },
  { find: /^ask-user-kit\/element$/, replacement: here("../src/element/index.ts") },
  { find: /^ask-user-kit\/testing$/, replacement: here("../src/testing/index.ts") },
  { find: /^ask-user-kit$/, replacement: here("../src/index.ts") },
];

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  // The MDX pages first, so the sidebar opens on the introduction.
  stories: ["../stories/docs/*.mdx", "../stories/**/*.stories.@(ts|tsx)"],
  addons: [
    // MDX 3 has no tables without GFM; the docs pages use them for parts, attributes and tokens.
    { name: "@storybook/addon-docs", options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    "@storybook/addon-a11y",
    "@storybook/addon-vitest",
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) => {
    const existing = viteConfig.resolve?.alias;
    const aliases = Array.isArray(existing)
      ? existing
      : Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
    return {
      ...viteConfig,
      resolve: { ...viteConfig.resolve, alias: [...packageAliases, ...aliases] },
    };
  },
};

export default config;
