import { defineFeatureContract } from "openclaw/plugin-sdk/feature-contract";
import { defineFeaturePlugin } from "openclaw/plugin-sdk/feature-plugin";

const contract = defineFeatureContract({ pluginId: "ask-user-kit", operations: {}, events: {} });

export default defineFeaturePlugin({
  contract,
  name: "ask-user-kit",
  description: "Answer ask_user questions in the Control UI: summary chips and a Questions page.",
  setup: () => ({}),
});
