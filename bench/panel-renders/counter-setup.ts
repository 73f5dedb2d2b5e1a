/**
 * First import of the bench page: React reads the DevTools hook once, when react-dom is evaluated,
 * so the counter must be in place before any module that imports react-dom runs.
 */
import { installRenderCounter } from "./render-counter.js";

export const counter = installRenderCounter();
