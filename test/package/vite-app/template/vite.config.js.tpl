// What a Vite + React app starts with: the React plugin and nothing else, so the build uses Vite's
// default production settings (target, cssTarget, CSS minifier) as a consumer's does.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [react()] });
