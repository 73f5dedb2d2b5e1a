/**
 * A host page for the strict-CSP test: the ready-made dock and theme, fed by the embedded gateway
 * through the real client, exactly as an app would wire them. The agent's tool result is written
 * into `#tool-result` for the test to read.
 */
import { createRoot } from "react-dom/client";
import { createGatewayClient } from "../../../src/client/index.js";
import { AskUserDock, AskUserProvider } from "../../../src/index.js";
import { createInMemoryWebSocket, createLocalGateway } from "../../../src/testing/index.js";
import "../../../src/theme/tokens.css";
import "../../../src/theme/panel.css";
import "../../../src/theme/summary.css";
import "../../../src/theme/cards.css";

const gateway = createLocalGateway();
const client = createGatewayClient({ url: "ws://embedded-gateway.invalid/", WebSocket: createInMemoryWebSocket(gateway) });

const output = document.createElement("output");
output.id = "tool-result";
document.body.append(output);

void gateway
  .ask(
    {
      questions: [
        {
          id: "deploy_target",
          header: "Target",
          question: "Where should this release go first?",
          options: [{ label: "Staging (Recommended)", description: "No customers" }, { label: "Production" }],
        },
        {
          id: "checks",
          header: "Checks",
          question: "Which checks should run before it ships?",
          options: [{ label: "Unit tests" }, { label: "Browser tests" }],
          multiSelect: true,
        },
      ],
    },
    { sessionKey: "main", runId: "run_csp" },
  )
  .then((result) => {
    output.textContent = JSON.stringify(result);
  });

createRoot(document.getElementById("root")!).render(
  <AskUserProvider client={client} storeOptions={{ storage: null }}>
    <main>
      <h1>Strict CSP host</h1>
      <AskUserDock>
        <form aria-label="Chat composer" onSubmit={(event) => event.preventDefault()}>
          <textarea aria-label="Message" rows={2} />
          <button type="submit">Send</button>
        </form>
      </AskUserDock>
    </main>
  </AskUserProvider>,
);
