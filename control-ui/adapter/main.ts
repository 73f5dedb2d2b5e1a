/**
 * The adapter's entry, loaded by one module script placed before the Control UI's own (module
 * scripts run in document order, so the kit's socket wrap is in place when the app connects).
 * `?ask-user-kit=off` in the page's URL leaves the page as OpenClaw ships it, native question panel
 * and all: the two compared on one page and one gateway (`npm run bench:control-ui`).
 */
import { startKitInControlUi } from "./start.js";
import "ask-user-kit/styles.css";
import "./theme.css";

if (new URLSearchParams(location.search).get("ask-user-kit") !== "off") startKitInControlUi();
